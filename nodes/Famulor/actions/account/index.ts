import * as get from './get.operation';
import { buildResource } from '../resourceModule';

export const account = buildResource('account', 'get', {
	get: {
		module: get,
		name: 'Get',
		action: 'Get the account',
		description:
			'Read the account of the API key: name, email and total_balance (e.g. to alert on a low balance before starting a campaign)',
	},
});
