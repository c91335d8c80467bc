import { isSafeObjectProperty, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { invalid } from '../validation';

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
					{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. customer_name' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	};
}

/** Turns the key-value pairs into an object; names must be unique and safe as object keys. */
export function readVariables(this: IExecuteFunctions, itemIndex: number, parameterName = 'variables'): IDataObject | undefined {
	const pairs = (this.getNodeParameter(`${parameterName}.variable`, itemIndex, []) as Array<{ name: string; value: unknown }>) ?? [];
	if (pairs.length === 0) return undefined;
	const variables: IDataObject = {};
	for (const { name, value } of pairs) {
		const key = String(name ?? '').trim();
		if (key === '' || !isSafeObjectProperty(key)) {
			throw invalid.call(this, itemIndex, { label: 'Variables', field: parameterName }, `has a variable with an invalid name: "${key}"`);
		}
		variables[key] = value as IDataObject[string];
	}
	return variables;
}

/** Value of a resource locator parameter (list or ID mode). */
export function locatorValue(this: IExecuteFunctions, name: string, itemIndex: number): unknown {
	return this.getNodeParameter(name, itemIndex, '', { extractValue: true });
}
