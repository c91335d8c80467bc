/** Input items and node parameters the action node suites share. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { SEED } from '../../sandbox';

/** Input items with the given JSON. */
export const items = (...values: IDataObject[]): INodeExecutionData[] =>
	values.map((json) => ({ json }));

/** A resource locator parameter (assistant, sender, knowledge base, ...), by ID unless another mode is given. */
export const locator = (value: number | string, mode = 'id') => ({
	__rl: true,
	mode,
	value: String(value),
});

/** Call → Make of each input item's `phone` with alice's outbound assistant, and those items. */
export const callEachPhone = {
	resource: 'call',
	operation: 'make',
	assistantId: locator(SEED.alice.outboundAssistantId),
	phoneNumber: '={{ $json.phone }}',
};
export const phoneItems = (...numbers: string[]) => items(...numbers.map((phone) => ({ phone })));

/** The whole message of every update operation run without a field in Update Fields. */
export const NO_FIELD_TO_CHANGE = 'Update Fields must contain at least one field to change';
