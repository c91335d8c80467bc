import { wholeListOperation } from '../wholeList';

/**
 * The service sends the whole list at once
 * (https://docs.famulor.de/en/api-reference/knowledgebases/list); the Limit is applied here.
 */
export const { description, prepare, execute } = wholeListOperation({
	resource: 'knowledgeBase',
	operation: 'getAll',
	path: '/api/user/knowledgebases',
});
