import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../../../shared/transport';
import { checkId, checkOneOf } from '../../validation';
import { ENGINE_MODES, engineModeOptions } from '../assistant/modes';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [
	...returnAllProperties(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Engine Mode',
				name: 'mode',
				type: 'options',
				options: engineModeOptions,
				default: 'pipeline',
				description: 'Only voices that suit this engine mode',
			},
			{
				displayName: 'Language Name or ID',
				name: 'languageId',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getLanguageOptions' },
				default: '',
				description:
					'Only voices of this language. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['voice'], operation: ['getAll'] } },
	properties,
);

interface Plan {
	limit: number;
	qs: IDataObject;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Plan {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	if (filters.mode !== undefined)
		qs.mode = checkOneOf.call(
			this,
			itemIndex,
			{ label: 'Engine Mode', field: 'mode' },
			filters.mode,
			ENGINE_MODES,
		);
	if (filters.languageId !== undefined && filters.languageId !== '')
		qs.language_id = checkId.call(
			this,
			itemIndex,
			{ label: 'Language', field: 'language_id' },
			filters.languageId,
		);
	return { limit: readListLimit.call(this, itemIndex), qs };
}

/** https://docs.famulor.de/en/api-reference/assistants/voices: the whole list at once, so the limit is applied here. */
export async function execute(
	this: IExecuteFunctions,
	{ limit, qs }: Plan,
	itemIndex: number,
): Promise<OperationResult> {
	return unwrapList(
		await famulorApiRequest.call(this, {
			method: 'GET',
			path: '/api/user/assistants/voices',
			qs,
			itemIndex,
		}),
	).slice(0, limit);
}
