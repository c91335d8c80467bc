import { speaksCurrentApi } from '../apiGeneration';
import { wholeListOperation } from '../wholeList';

/**
 * The legacy endpoint: version 1 at the path the seed specification (the API docs of February
 * 2026) gives it (no `/api` prefix), version 2 under
 * `/api` as the current docs place every path (https://docs.famulor.de/en/api-reference/phone-numbers/list).
 * Its answer's shape is not documented, so both a bare array and `{data: [...]}` are read.
 */
export const { description, prepare, execute } = wholeListOperation({
	resource: 'phoneNumber',
	operation: 'getAllSmsCapable',
	path() {
		return speaksCurrentApi.call(this) ? '/api/user/phone-numbers' : '/user/phone-numbers';
	},
});
