/** The account behind a token: GET /api/user/me. */
import { SEED } from '../../sandbox';
import { useSandbox } from './helpers';

const c = useSandbox();

const ALICE = SEED.alice;

describe('account', () => {
	it('GET /api/user/me answers name, email and total_balance of the token', async () => {
		expect((await c.get('/api/user/me')).json).toEqual({
			name: ALICE.name,
			email: ALICE.email,
			total_balance: ALICE.balance,
		});
		expect((await c.get('/api/user/me', 'bob')).json).toEqual({
			name: SEED.bob.name,
			email: SEED.bob.email,
			total_balance: SEED.bob.balance,
		});
	});
});
