import {
	isSafeObjectProperty,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { listLimit } from '../../shared/transport';
import {
	PHONE_NUMBER_HINT,
	checkE164,
	checkId,
	checkMaxLength,
	checkPhoneNumber,
	checkRange,
	invalid,
	requireFieldToChange,
	requireText,
	type FieldName,
} from '../validation';

/** Key-value pairs for a `variables` object (call variables, reply variables, assistant variables). */
export function variablesProperty(description: string): INodeProperties {
	return {
		displayName: 'Variables',
		name: 'variables',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Variable',
		default: {},
		description,
		options: [
			{
				displayName: 'Variable',
				name: 'variable',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. customer_name',
					},
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	};
}

/**
 * Turns the key-value pairs into an object; names must be unique and safe as object keys. `field` is the
 * API field errors name; it differs from `parameterName` when the parameter sits in a collection.
 */
export function readVariables(
	this: IExecuteFunctions,
	itemIndex: number,
	parameterName = 'variables',
	field = parameterName,
): IDataObject | undefined {
	const pairs =
		(this.getNodeParameter(`${parameterName}.variable`, itemIndex, []) as Array<{
			name: string;
			value: unknown;
		}>) ?? [];
	if (pairs.length === 0) return undefined;
	const variables: IDataObject = {};
	for (const { name, value } of pairs) {
		const key = String(name ?? '').trim();
		if (key === '' || !isSafeObjectProperty(key)) {
			throw invalid.call(
				this,
				itemIndex,
				{ label: 'Variables', field },
				`has a variable with an invalid name: "${key}"`,
			);
		}
		if (Object.prototype.hasOwnProperty.call(variables, key)) {
			throw invalid.call(
				this,
				itemIndex,
				{ label: 'Variables', field },
				`has the variable "${key}" twice: each name may be given once`,
			);
		}
		variables[key] = value as IDataObject[string];
	}
	return variables;
}

/** Value of a resource locator parameter (list or ID mode). */
export function locatorValue(this: IExecuteFunctions, name: string, itemIndex: number): unknown {
	return this.getNodeParameter(name, itemIndex, '', { extractValue: true });
}

/** The checked ID chosen in a resource locator parameter; `name` says how errors name it. */
export function readLocatorId(
	this: IExecuteFunctions,
	itemIndex: number,
	parameterName: string,
	name: FieldName,
): number {
	return checkId.call(this, itemIndex, name, locatorValue.call(this, parameterName, itemIndex));
}

/**
 * Return All / Limit of a list operation, in n8n's standard wording; wrap with
 * updateDisplayOptions (the Limit's own condition is kept).
 */
export function returnAllProperties(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			displayOptions: { show: { returnAll: [false] } },
			description: 'Max number of results to return',
		},
	];
}

/**
 * The fields of a Get Many with filters: Return All / Limit, then a Filters collection of `filters`
 * (each filter sent only when added); wrap with updateDisplayOptions.
 */
export function filteredListProperties(filters: INodeProperties[]): INodeProperties[] {
	return [
		...returnAllProperties(),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: filters,
		},
	];
}

/** What a filtered Get Many plans: the checked filters as the query, and the limit (Infinity for Return All). */
export interface FilteredListPlan {
	qs: IDataObject;
	limit: number;
}

/** The `limit` for the transport's list helpers: Infinity for Return All, else the checked Limit. */
export function readListLimit(this: IExecuteFunctions, itemIndex: number): number {
	if (this.getNodeParameter('returnAll', itemIndex, false) as boolean) return listLimit(true, 0);
	const limit: unknown = this.getNodeParameter('limit', itemIndex, 50);
	return listLimit(
		false,
		checkRange.call(
			this,
			itemIndex,
			{ label: 'Limit', field: 'limit' },
			limit,
			1,
			Number.MAX_SAFE_INTEGER,
			true,
		),
	);
}

/** A record's Name: required, not blank, at most `maxLength` characters. */
export function checkName(
	this: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	maxLength: number,
): string {
	const name = { label: 'Name', field: 'name' };
	return checkMaxLength.call(
		this,
		itemIndex,
		name,
		requireText.call(this, itemIndex, name, value),
		maxLength,
	);
}

/**
 * The Update Fields of a knowledge base or a document: a name and a description, each at most
 * `maxLength` characters, at least one of them given.
 */
export function readNameAndDescription(
	this: IExecuteFunctions,
	itemIndex: number,
	maxLength: number,
): IDataObject {
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.name !== undefined)
		body.name = checkName.call(this, itemIndex, fields.name, maxLength);
	if (fields.description !== undefined) {
		body.description = checkMaxLength.call(
			this,
			itemIndex,
			{ label: 'Description', field: 'description' },
			String(fields.description),
			maxLength,
		);
	}
	requireFieldToChange.call(this, itemIndex, body);
	return body;
}

/** Reads a phone number parameter by one node version's rule; the operation's version picks it. */
export type PhoneParameterReader = (
	this: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	name: FieldName,
) => string;

/**
 * Version 1 sends exactly the E.164 number it was given, as the service's docs ask
 * (https://docs.famulor.de/en/api-reference/calls/make: `phone_number` in E.164 format).
 */
export const readE164Parameter: PhoneParameterReader = function (itemIndex, parameter, name) {
	return checkE164.call(this, itemIndex, name, this.getNodeParameter(parameter, itemIndex));
};

/** Version 2 takes the number as people write it ("+49 176 12345678"). */
export const readWrittenPhoneParameter: PhoneParameterReader = function (
	itemIndex,
	parameter,
	name,
) {
	return checkPhoneNumber.call(this, itemIndex, name, this.getNodeParameter(parameter, itemIndex));
};

/** A node version's rule for a phone number parameter: what its help says and how it is read. */
export interface PhoneRule {
	/** Ends the parameter's description, e.g. "Number to call, <hint>". */
	hint: string;
	read: PhoneParameterReader;
}

/** Version 1's rule: E.164 exactly. */
export const E164_PHONE: PhoneRule = {
	hint: 'in E.164 format (plus sign, country code, number)',
	read: readE164Parameter,
};

/** Version 2's rule: the number as people write it. */
export const WRITTEN_PHONE: PhoneRule = {
	hint: PHONE_NUMBER_HINT,
	read: readWrittenPhoneParameter,
};
