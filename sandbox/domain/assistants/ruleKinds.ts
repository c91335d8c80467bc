/**
 * The kinds of rule an assistant field follows, shared by both API generations. Each generation keeps
 * its own table of fields and kinds (seedGenerationInput.ts, currentGenerationInput.ts, and the
 * built-in tools in builtinTools.ts); what a kind checks and the message it gives live here, once.
 */
import type { User } from '../../model/accounts';
import type { Assistant, PostCallItem } from '../../model/assistants';
import {
	addError,
	attr,
	checkValue,
	isPlainObject,
	type Body,
	type Errors,
	type Rules,
} from '../validation';

/** The Laravel rules of one field, as domain/validation.ts checks them. */
export type FieldRules = string[];

/** Text, at most `max` characters when given. */
export const text = (max?: number): FieldRules =>
	max === undefined ? ['string'] : ['string', `max:${max}`];
/** Text of `min` to `max` characters. */
export const textBetween = (min: number, max: number): FieldRules => [
	'string',
	`between:${min},${max}`,
];
/** One of the listed texts. */
export const choice = (...values: string[]): FieldRules => ['string', `in:${values.join(',')}`];
/** A whole number: counts, and ids (whose record ownRecord, ownIds or a catalogue checks). */
export const wholeNumber = (): FieldRules => ['integer'];
/** A whole number from `min` to `max`. */
export const wholeRange = (min: number, max: number): FieldRules => [
	'integer',
	`between:${min},${max}`,
];
/** A number from `min` to `max`. */
export const range = (min: number, max: number): FieldRules => ['numeric', `between:${min},${max}`];
export const flag = (): FieldRules => ['boolean'];
/** An http(s) URL. */
export const webAddress = (): FieldRules => ['string', 'url'];
/** An IANA time zone such as Europe/Berlin. */
export const timeZone = (): FieldRules => ['string', 'timezone'];
export const object = (): FieldRules => ['object'];
export const list = (): FieldRules => ['array'];
/** The field may also be null. */
export const nullable = (rules: FieldRules): FieldRules => ['nullable', ...rules];
/** The field must be sent (and not empty). */
export const required = (rules: FieldRules): FieldRules => ['required', ...rules];

/** A generation's table, with `required` on the fields a create must send. */
export function tableFor(
	table: Rules,
	requiredOnCreate: readonly string[],
	creating: boolean,
): Rules {
	const rules: Rules = {};
	for (const [field, fieldRules] of Object.entries(table))
		rules[field] = creating && requiredOnCreate.includes(field) ? required(fieldRules) : fieldRules;
	return rules;
}

/** "The selected voice id is invalid." (`name` defaults to the field's attribute name). */
export function rejectSelection(errors: Errors, field: string, name = attr(field)): void {
	addError(errors, field, `The selected ${name} is invalid.`);
}

/** Whether a catalogue (languages, voices, models, providers) has an entry with this id. */
export function inCatalogue(catalogue: ReadonlyArray<{ id: number }>, id: unknown): boolean {
	return catalogue.some((entry) => entry.id === id);
}

/** The record behind an id when `user` owns it; another user's record answers like an unknown one. */
export function ownRecord<T extends { user_id: number }>(
	records: Map<number, T>,
	user: User,
	id: unknown,
): T | undefined {
	const record = typeof id === 'number' ? records.get(id) : undefined;
	return record && record.user_id === user.id ? record : undefined;
}

/** Each entry of an id list must be a whole number that `exists`; returns the distinct valid ids. */
export function idList(
	errors: Errors,
	field: string,
	ids: unknown[],
	exists: (id: number) => boolean,
): number[] {
	const out: number[] = [];
	ids.forEach((id, i) => {
		const at = `${field}.${i}`;
		if (typeof id !== 'number' || !Number.isInteger(id))
			addError(errors, at, `The ${at} must be an integer.`);
		else if (!exists(id)) rejectSelection(errors, at, at);
		else if (!out.includes(id)) out.push(id);
	});
	return out;
}

/** How one generation checks the items of `post_call_schema`. */
export interface PostCallItemRules {
	name: FieldRules;
	type: FieldRules;
	description: FieldRules;
	/** A pattern names must match besides their rules, with its message. */
	namePattern?: { pattern: RegExp; message: (at: string) => string };
}

/** The post-call schema's items that pass; the others add their errors. */
export function postCallItems(
	errors: Errors,
	items: unknown[],
	rules: PostCallItemRules,
): PostCallItem[] {
	const out: PostCallItem[] = [];
	items.forEach((item, i) => {
		const at = `post_call_schema.${i}`;
		if (!isPlainObject(item)) return addError(errors, at, `The ${at} must be an object.`);
		let valid = true;
		for (const key of ['name', 'type', 'description'] as const) {
			const message = checkValue(`${at}.${key}`, item[key], rules[key], item[key] !== undefined);
			if (message) {
				addError(errors, `${at}.${key}`, message);
				valid = false;
			}
		}
		const { namePattern } = rules;
		if (namePattern && typeof item.name === 'string' && !namePattern.pattern.test(item.name)) {
			addError(errors, `${at}.name`, namePattern.message(`${at}.name`));
			valid = false;
		}
		if (valid)
			out.push({
				name: item.name as string,
				type: item.type as string,
				description: item.description as string,
			});
	});
	return out;
}

/** A webhook switched on needs a URL, sent now or stored before; a null URL switches it off. */
export function checkWebhookSwitch(
	b: Body,
	errors: Errors,
	patch: Partial<Assistant>,
	existing?: Assistant,
): void {
	if (b.webhook_url === null && !errors.webhook_url) patch.is_webhook_active = false;
	if (b.is_webhook_active !== true) return;
	const url = b.webhook_url !== undefined ? b.webhook_url : (existing?.webhook_url ?? null);
	if ((url === null || url === '') && !errors.webhook_url)
		addError(
			errors,
			'webhook_url',
			'The webhook url field is required when is webhook active is true.',
		);
}
