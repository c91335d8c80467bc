import { wholeListOperation } from '../wholeList';

/**
 * The whole list in one answer, a bare array (https://docs.famulor.de/en/api-reference/campaigns/list;
 * `{campaigns: [...]}` in older answers); the Limit is applied here.
 */
export const { description, prepare, execute } = wholeListOperation({
	resource: 'campaign',
	operation: 'getAll',
	path: '/api/user/campaigns',
	legacyKey: 'campaigns',
});
