import { updateDisplayOptions, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { requestWholeList } from '../../../shared/transport';
import { checkId, checkOneOf } from '../../validation';
import { ENGINE_MODES, engineModeOptions } from '../assistant/modes';
import { filteredListProperties, readListLimit, type FilteredListPlan } from '../common';
import type { OperationResult } from '../types';

const properties = filteredListProperties([
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
]);

export const description = updateDisplayOptions(
	{ show: { resource: ['voice'], operation: ['getAll'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): FilteredListPlan {
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
	{ limit, qs }: FilteredListPlan,
	itemIndex: number,
): Promise<OperationResult> {
	return await requestWholeList.call(this, {
		path: '/api/user/assistants/voices',
		qs,
		limit,
		itemIndex,
	});
}
