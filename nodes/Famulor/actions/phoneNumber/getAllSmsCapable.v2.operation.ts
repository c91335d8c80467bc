import { wholeListOperation } from '../wholeList';

/**
 * Version 2 of Phone Number → Get Many SMS-Capable: the legacy endpoint under `/api`, as the current
 * docs place every path (https://docs.famulor.de/en/api-reference/phone-numbers/list).
 */
export const { description, prepare, execute } = wholeListOperation({
	resource: 'phoneNumber',
	operation: 'getAllSmsCapable',
	path: '/api/user/phone-numbers',
});
