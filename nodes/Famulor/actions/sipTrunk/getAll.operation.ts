import { wholeListOperation } from '../wholeList';

/** Not paginated (https://docs.famulor.de/en/api-reference/sip-trunks/list); the Limit is applied here. */
export const { description, prepare, execute } = wholeListOperation({
	resource: 'sipTrunk',
	operation: 'getAll',
	path: '/api/user/phone-numbers/sip-trunks',
});
