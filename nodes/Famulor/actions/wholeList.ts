import { updateDisplayOptions } from 'n8n-workflow';

import { requestWholeList } from '../../shared/transport';
import { readListLimit, returnAllProperties } from './common';
import type { OperationModule } from './types';

export interface WholeListEndpoint {
	resource: string;
	operation: string;
	path: string;
	/** The key older answers wrapped the list in, read when there is no `data`. */
	legacyKey?: string;
}

/**
 * A Get Many whose endpoint answers with the whole list at once (a bare array or `{data: [...]}`):
 * Return All / Limit, one item per record, the Limit applied to the answer.
 */
export function wholeListOperation(endpoint: WholeListEndpoint): OperationModule<number> {
	return {
		description: updateDisplayOptions(
			{ show: { resource: [endpoint.resource], operation: [endpoint.operation] } },
			returnAllProperties(),
		),
		prepare(itemIndex) {
			return readListLimit.call(this, itemIndex);
		},
		async execute(limit, itemIndex) {
			return await requestWholeList.call(this, {
				path: endpoint.path,
				limit,
				itemIndex,
				legacyKey: endpoint.legacyKey,
			});
		},
	};
}
