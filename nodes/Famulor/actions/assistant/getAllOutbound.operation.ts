import { wholeListOperation } from '../wholeList';

/** The service returns every outbound assistant at once (a bare array), so the limit is applied here. */
export const { description, prepare, execute } = wholeListOperation({
	resource: 'assistant',
	operation: 'getAllOutbound',
	path: '/api/user/assistants/outbound',
});
