import type { IDataObject, INodeProperties } from 'n8n-workflow';

import {
	checkMaxLength,
	checkOneOf,
	checkPattern,
	checkRange,
	checkUrl,
	invalid,
	requireText,
	type FieldName,
	type NodeContext,
} from '../../validation';

/**
 * The fields of a mid-call tool and their rules
 * (https://docs.famulor.de/en/api-reference/mid-call-tools/create-tool), shared by Create and Update.
 */

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const PARAMETER_TYPES = ['string', 'number', 'boolean'] as const;
const TOOL_NAME = /^[a-z][a-z_]*$/;
const PARAMETER_NAME = /^[A-Za-z][A-Za-z_]{1,31}$/;

export const nameProperty: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. get_weather',
	description:
		'Function name the AI calls: lower-case letters and underscores, starting with a letter',
};
export const descriptionProperty: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	typeOptions: { rows: 2 },
	description: 'When the AI should call the tool (max 255 characters)',
};
export const endpointProperty: INodeProperties = {
	displayName: 'Endpoint',
	name: 'endpoint',
	type: 'string',
	default: '',
	placeholder: 'https://example.com/weather/{city}',
	description: 'URL the tool calls; {param} placeholders are replaced by the parameter values',
};
export const methodProperty: INodeProperties = {
	displayName: 'Method',
	name: 'method',
	type: 'options',
	options: METHODS.map((method) => ({ name: method, value: method })),
	default: 'POST',
	description: 'HTTP method of the request to the endpoint',
};

/** The tool's parameters (the service's `schema`); also the Mid-Call Tool event's parameters in the trigger. */
export const schemaProperty: INodeProperties = {
	displayName: 'Parameters',
	name: 'schema',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Parameter',
	default: {},
	description:
		'Values the AI collects during the call and passes to the tool; on update the list replaces the stored one',
	options: [
		{
			displayName: 'Parameter',
			name: 'parameter',
			values: [
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					placeholder: 'e.g. city',
					description: '2 to 32 letters or underscores, starting with a letter',
				},
				{
					displayName: 'Type',
					name: 'type',
					type: 'options',
					options: PARAMETER_TYPES.map((type) => ({
						name: type[0].toUpperCase() + type.slice(1),
						value: type,
					})),
					default: 'string',
				},
				{
					displayName: 'Description',
					name: 'description',
					type: 'string',
					default: '',
					description: 'What the value is, for the AI (3 to 255 characters)',
				},
			],
		},
	],
};

/** Optional on create and update. */
export const optionalProperties: INodeProperties[] = [
	{
		displayName: 'Timeout',
		name: 'timeout',
		type: 'number',
		default: 10,
		typeOptions: { minValue: 1, maxValue: 30, numberPrecision: 0 },
		description: 'Seconds to wait for the endpoint, 1 to 30',
	},
	{
		displayName: 'Headers',
		name: 'headers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Header',
		default: {},
		description: 'HTTP headers sent to the endpoint; on update the list replaces the stored one',
		options: [
			{
				displayName: 'Header',
				name: 'header',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
	schemaProperty,
];

const NAMES: Record<string, FieldName> = {
	name: { label: 'Name', field: 'name' },
	description: { label: 'Description', field: 'description' },
	endpoint: { label: 'Endpoint', field: 'endpoint' },
	method: { label: 'Method', field: 'method' },
	timeout: { label: 'Timeout', field: 'timeout' },
};

function headers(this: NodeContext, itemIndex: number, value: unknown): IDataObject[] {
	const entries = ((value as { header?: IDataObject[] } | undefined)?.header ??
		[]) as IDataObject[];
	return entries.map((entry, index) => {
		const at = (part: string): FieldName => ({
			label: `Header ${part} (header ${index + 1})`,
			field: `headers[${index}].${part.toLowerCase()}`,
		});
		return {
			name: requireText.call(this, itemIndex, at('Name'), entry.name).trim(),
			value: requireText.call(this, itemIndex, at('Value'), entry.value),
		};
	});
}

function parameters(this: NodeContext, itemIndex: number, value: unknown): IDataObject[] {
	const entries = ((value as { parameter?: IDataObject[] } | undefined)?.parameter ??
		[]) as IDataObject[];
	return entries.map((entry, index) => {
		const at = (part: string): FieldName => ({
			label: `Parameter ${part} (parameter ${index + 1})`,
			field: `schema[${index}].${part.toLowerCase()}`,
		});
		const description = requireText.call(this, itemIndex, at('Description'), entry.description);
		if ([...description].length < 3)
			throw invalid.call(
				this,
				itemIndex,
				at('Description'),
				`must be 3 to 255 characters, got ${[...description].length}`,
			);
		return {
			name: checkPattern.call(
				this,
				itemIndex,
				at('Name'),
				entry.name,
				PARAMETER_NAME,
				'2 to 32 letters or underscores starting with a letter, e.g. city',
			),
			type: checkOneOf.call(this, itemIndex, at('Type'), entry.type, PARAMETER_TYPES),
			description: checkMaxLength.call(this, itemIndex, at('Description'), description, 255),
		};
	});
}

/** Checks the given values and builds the body; `values` holds the parameters by name. */
export function buildToolBody(
	this: NodeContext,
	itemIndex: number,
	values: IDataObject,
): IDataObject {
	const body: IDataObject = {};
	if (values.name !== undefined)
		body.name = checkPattern.call(
			this,
			itemIndex,
			NAMES.name,
			values.name,
			TOOL_NAME,
			'lower-case letters and underscores starting with a letter, e.g. get_weather',
		);
	if (values.description !== undefined)
		body.description = checkMaxLength.call(
			this,
			itemIndex,
			NAMES.description,
			requireText.call(this, itemIndex, NAMES.description, values.description),
			255,
		);
	if (values.endpoint !== undefined)
		body.endpoint = checkUrl.call(this, itemIndex, NAMES.endpoint, values.endpoint);
	if (values.method !== undefined)
		body.method = checkOneOf.call(this, itemIndex, NAMES.method, values.method, METHODS);
	if (values.timeout !== undefined)
		body.timeout = checkRange.call(this, itemIndex, NAMES.timeout, values.timeout, 1, 30, true);
	if (values.headers !== undefined) body.headers = headers.call(this, itemIndex, values.headers);
	if (values.schema !== undefined) body.schema = parameters.call(this, itemIndex, values.schema);
	return body;
}
