import { wholeListOperation } from '../wholeList';

/** The whole list comes at once (a bare array in the docs' example), so the limit is applied here. */
export const { description, prepare, execute } = wholeListOperation({
	resource: 'midCallTool',
	operation: 'getAll',
	path: '/api/user/tools',
});
