import { SEED } from '../../sandbox';
import { items, jsonOf, only, useKit, describeTokenNeverShown } from './kit';

const ALICE = SEED.alice;

const kit = useKit();

async function runV2(
	resource: string,
	operation: string,
	parameters: Record<string, unknown> = {},
	options: { continueOnFail?: boolean; input?: ReturnType<typeof items> } = {},
) {
	return await kit().run({ resource, operation, ...parameters } as never, {
		typeVersion: 2,
		...options,
	});
}

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
