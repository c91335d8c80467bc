import { wholeListOperation } from '../wholeList';

/** Every number of the account, whatever its SMS capability or subscription; one item per number. */
export const { description, prepare, execute } = wholeListOperation({
	resource: 'phoneNumber',
	operation: 'getAll',
	path: '/api/user/phone-numbers/all',
});
