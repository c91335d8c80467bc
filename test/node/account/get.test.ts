import { SEED } from '../../../sandbox';
import { jsonOf, only, useDrivenKit, describeTokenNeverShown, v2Runner } from '../kit';

const ALICE = SEED.alice;

const kit = useDrivenKit();

const runV2 = v2Runner(kit);

describe('Account → Get', () => {
	it('reads GET /api/user/me: name, email, total_balance', async () => {
		const result = await runV2('account', 'get');
		expect(only(await kit().requests())).toMatchObject({ method: 'GET', path: '/api/user/me' });
		expect(jsonOf(result)).toEqual([
			{ name: ALICE.name, email: ALICE.email, total_balance: ALICE.balance },
		]);
	});
});

describeTokenNeverShown(kit);
