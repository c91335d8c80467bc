import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The kinds of assistant field both node versions build their field lists from: each entry is the
 * n8n parameter and the rule `bodyBuilder.ts` checks before the value is sent under its API field.
 */

/** The rules of plain values, the same in both API generations. */
export type ValueRule =
	| { kind: 'text'; max?: number }
	| { kind: 'timezone' }
	| { kind: 'url' }
	| { kind: 'boolean' }
	| { kind: 'oneOf'; values: readonly string[] }
	| { kind: 'number'; min: number; max: number; integer?: boolean };

export type FieldRule =
	| ValueRule
	/** a number typed as an ID (version 1) */
	| { kind: 'id' }
	/** a resource locator whose ID is sent (version 2) */
	| { kind: 'picker' }
	/** a multi-select of IDs, sent as an array (version 2) */
	| { kind: 'idList' };

export interface AssistantField<Rule extends FieldRule = FieldRule> {
	property: INodeProperties;
	/** API field; a dotted name (`end_call_tool.description`) is sent as a nested object. */
	field: string;
	rule: Rule;
	/** The field as error messages name it, when that is not `field`. */
	shownAs?: string;
}

/** A field whose value has one of the value rules. */
export type ValueField = AssistantField<ValueRule>;

export function options(
	values: readonly string[],
	labels: readonly string[],
): INodePropertyOptions[] {
	return values.map((value, index) => ({ name: labels[index], value }));
}

export function text(
	displayName: string,
	name: string,
	field: string,
	description: string,
	max?: number,
	extra: Partial<INodeProperties> = {},
): ValueField {
	return {
		field,
		rule: { kind: 'text', max },
		property: { displayName, name, type: 'string', default: '', description, ...extra },
	};
}

/** A URL parameter with the example placeholder. */
export function url(
	displayName: string,
	name: string,
	field: string,
	description: string,
): ValueField {
	return {
		...text(displayName, name, field, description, undefined, {
			placeholder: 'https://example.com/famulor',
		}),
		rule: { kind: 'url' },
	};
}

export function choice(
	displayName: string,
	name: string,
	field: string,
	description: string,
	values: readonly string[],
	labels: readonly string[],
): ValueField {
	const [firstValue] = values;
	return {
		field,
		rule: { kind: 'oneOf', values },
		property: {
			displayName,
			name,
			type: 'options',
			options: options(values, labels),
			default: firstValue,
			description,
		},
	};
}

/**
 * A boolean parameter. Its default is written as the literal `false` unless it is on, as n8n's
 * `node-param-default-wrong-for-boolean` rule reads it.
 */
export function booleanProperty(
	displayName: string,
	name: string,
	description: string,
	defaultValue: boolean,
): INodeProperties {
	const switchedOff: INodeProperties = {
		displayName,
		name,
		type: 'boolean',
		default: false,
		description,
	};
	return defaultValue ? { ...switchedOff, default: true } : switchedOff;
}

export function flag(
	displayName: string,
	name: string,
	field: string,
	description: string,
	defaultValue: boolean,
): ValueField {
	const property = booleanProperty(displayName, name, description, defaultValue);
	return { field, rule: { kind: 'boolean' }, property };
}

export function numeric(
	displayName: string,
	name: string,
	field: string,
	description: string,
	range: { min: number; max: number; integer?: boolean; default: number },
): ValueField {
	const { min, max, integer, default: defaultValue } = range;
	return {
		field,
		rule: { kind: 'number', min, max, integer },
		property: {
			displayName,
			name,
			type: 'number',
			default: defaultValue,
			typeOptions: {
				minValue: min,
				maxValue: max,
				numberPrecision: integer ? 0 : 2,
			},
			description,
		},
	};
}

/** A resource locator; optional as a parameter, since Create marks its required ones itself. */
export function picker(property: INodeProperties, field: string): AssistantField {
	return { field, rule: { kind: 'picker' }, property: { ...property, required: false } };
}

/** A multi-select filled from the service's list by `loadOptionsMethod`. */
export function multi(
	displayName: string,
	name: string,
	field: string,
	loadOptionsMethod: string,
	description: string,
): AssistantField {
	return {
		field,
		rule: { kind: 'idList' },
		property: {
			displayName,
			name,
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod },
			default: [],
			description,
		},
	};
}
