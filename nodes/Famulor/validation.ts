import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { parseId } from '../shared/ids';
import { CONTROL_CHARACTERS } from '../shared/transport';

/**
 * Checks of the seed specification's rules that can be made before sending. Each failure names the parameter as the
 * user sees it, the API field, and the rule, and points at the item — and no request is sent. Each
 * takes `(itemIndex, {label, field}, value, …)` and throws a NodeOperationError.
 */

/** E.164: a plus, a non-zero first digit, at most 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

export const SUPPORTED_COUNTRY_CODES = [
	'DE',
	'US',
	'CA',
	'GB',
	'AU',
	'IL',
	'PL',
	'FI',
	'NL',
	'DK',
	'IT',
] as const;

/** What the checks need of n8n's context (the node, for errors): an action's or a trigger's. */
export type NodeContext = Pick<IExecuteFunctions, 'getNode'>;

/** A parameter as the user knows it (its display name) and as the service knows it (its field name). */
export interface FieldName {
	label: string;
	field: string;
}

export function invalid(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	rule: string,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(this.getNode(), `${name.label} (${name.field}) ${rule}`, {
		itemIndex,
		description,
	});
}

function shown(value: unknown): string {
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

export function requireText(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): string {
	if (typeof value !== 'string' || value.trim() === '') {
		throw invalid.call(this, itemIndex, name, 'is required and must not be empty');
	}
	return value;
}

/** Counts characters as the service does (code points), so an emoji is one character, not two. */
export function checkMaxLength(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: string,
	max: number,
): string {
	const length = [...value].length;
	if (length > max) {
		throw invalid.call(this, itemIndex, name, `must be at most ${max} characters, got ${length}`);
	}
	return value;
}

/**
 * A number within a range. Numeric text is accepted too: number parameters filled by an expression
 * (or by an AI agent) may arrive as strings.
 */
export function checkRange(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
	min: number,
	max: number,
	integer = false,
): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (
		typeof number !== 'number' ||
		!Number.isFinite(number) ||
		number < min ||
		number > max ||
		(integer && !Number.isInteger(number))
	) {
		throw invalid.call(
			this,
			itemIndex,
			name,
			`must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}, got ${shown(value)}`,
		);
	}
	return number;
}

export function checkOneOf<T extends string>(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
	allowed: readonly T[],
): T {
	if (!allowed.includes(value as T)) {
		throw invalid.call(
			this,
			itemIndex,
			name,
			`must be one of ${allowed.map((entry) => `"${entry}"`).join(', ')}, got ${shown(value)}`,
		);
	}
	return value as T;
}

function notE164(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
	description: string,
): NodeOperationError {
	return invalid.call(
		this,
		itemIndex,
		name,
		`must be a phone number in E.164 format such as +4915112345678, got ${shown(value)}`,
		description,
	);
}

/** A number that must already be E.164 (version 1 sends exactly what it was given, trimmed). */
export function checkE164(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): string {
	const phone = typeof value === 'string' ? value.trim() : '';
	if (!E164_PATTERN.test(phone)) {
		throw notE164.call(
			this,
			itemIndex,
			name,
			value,
			'E.164 means: a plus sign, the country code and the number, digits only, no spaces or leading zero',
		);
	}
	return phone;
}

/** What people write between the digits of a phone number ("+49 (176) 123-45.67/8"). */
const PHONE_SEPARATORS = /[\s\-.()/]/g;

/** Said in the hint of every field read by checkPhoneNumber. */
export const PHONE_NUMBER_HINT =
	'in E.164 format (plus sign, country code, number); spaces, dashes, dots, slashes and brackets are removed, a leading 00 becomes +';

/**
 * A phone number as people write it: separators dropped and a leading 00 made +, then it must be E.164, the format the service
 * takes (e.g. https://docs.famulor.de/en/api-reference/sms/send). Version 2 reads every number with it.
 */
export function checkPhoneNumber(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): string {
	const phone =
		typeof value === 'string' ? value.replace(PHONE_SEPARATORS, '').replace(/^00/, '+') : '';
	if (!E164_PATTERN.test(phone)) {
		throw notE164.call(
			this,
			itemIndex,
			name,
			value,
			'E.164 means: a plus sign, the country code and the number, no leading zero. Spaces, dashes, dots, slashes and brackets are removed before the check, and a leading 00 becomes +.',
		);
	}
	return phone;
}

export function checkUrl(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): string {
	const text = typeof value === 'string' ? value.trim() : '';
	// `new URL()` silently drops line breaks and tabs, so the service would get another URL than the one given.
	if (CONTROL_CHARACTERS.test(text)) {
		throw invalid.call(
			this,
			itemIndex,
			name,
			`must not contain line breaks, tabs or other control characters, got ${shown(value)}`,
		);
	}
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
		throw invalid.call(this, itemIndex, name, `must be a valid http(s) URL, got ${shown(value)}`);
	}
	return text;
}

/** Positive integer ids, as every path parameter and *_id field of the service is. */
export function checkId(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): number {
	const id = parseId(value);
	if (id === undefined) {
		throw invalid.call(
			this,
			itemIndex,
			name,
			`must be a positive whole number (an ID), got ${shown(value)}`,
		);
	}
	return id;
}

/** Parses a JSON object parameter (e.g. variables), accepting an object or a JSON text. */
export function parseJsonObject(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): IDataObject {
	if (value === undefined || value === null || value === '') return {};
	let parsed: unknown = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			throw invalid.call(
				this,
				itemIndex,
				name,
				'must be a JSON object such as {"customer_name": "Ada"}',
			);
		}
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		throw invalid.call(
			this,
			itemIndex,
			name,
			'must be a JSON object such as {"customer_name": "Ada"}',
		);
	}
	return parsed as IDataObject;
}

/** Text that must have a given shape; `shape` says in words what is expected, e.g. "like Area/City". */
export function checkPattern(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
	pattern: RegExp,
	shape: string,
): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!pattern.test(text)) {
		throw invalid.call(this, itemIndex, name, `must be ${shape}, got ${shown(value)}`);
	}
	return text;
}

/** Area/City, with optional deeper parts (America/Argentina/Buenos_Aires) and Etc/GMT+1, or the zone names UTC and GMT. */
const TIMEZONE_PATTERN = /^(?:[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+|UTC|GMT)$/;

export function checkTimezone(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): string {
	return checkPattern.call(
		this,
		itemIndex,
		name,
		value,
		TIMEZONE_PATTERN,
		'a time zone name shaped like Area/City (e.g. Europe/Berlin) or UTC',
	);
}

/** A boolean, also when an expression produced the text "true" or "false". */
export function checkBoolean(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw invalid.call(this, itemIndex, name, `must be true or false, got ${shown(value)}`);
}

/** A list of IDs given as an array or as comma-separated text; an empty value gives an empty list. */
export function checkIdList(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): number[] {
	const entries = Array.isArray(value)
		? value
		: String(value ?? '')
				.split(',')
				.map((entry) => entry.trim())
				.filter((entry) => entry !== '');
	return entries.map((entry) => checkId.call(this, itemIndex, name, entry));
}

/** A UUID such as 0f8c3a52-6d0e-4b7a-9c1d-2e3f4a5b6c7d (conversations and chat assistants are addressed by UUID). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID; `hint` tells what to do when an integer ID was given where the UUID is needed. */
export function checkUuid(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
	hint: string,
): string {
	const text =
		typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
	if (!UUID_PATTERN.test(text)) {
		const rule = /^\d+$/.test(text)
			? `must be a UUID, not a number (${text}): ${hint}`
			: `must be a UUID such as 0f8c3a52-6d0e-4b7a-9c1d-2e3f4a5b6c7d, got ${shown(value)}`;
		throw invalid.call(this, itemIndex, name, rule);
	}
	return text.toLowerCase();
}
