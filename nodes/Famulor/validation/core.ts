/** What every check shares: the parameter's two names, the error that names them and the value as quoted. */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

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

/**
 * The one check of every update operation that it changes something: its body must hold a field. The
 * message names the collection as every update operation shows it (Update Fields) and the rule.
 */
export function requireFieldToChange(
	this: NodeContext,
	itemIndex: number,
	body: IDataObject,
): void {
	if (Object.keys(body).length > 0) return;
	throw new NodeOperationError(
		this.getNode(),
		'Update Fields must contain at least one field to change',
		{ itemIndex },
	);
}

/** A value as a message quotes it: text as it is, anything else as JSON, at most 40 characters. */
export function shown(value: unknown): string {
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
