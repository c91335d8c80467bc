/** Return All over 10,000 conversations: exactly ceil(10,000 / 100) requests, every record once. */
import { SEED } from '../../sandbox';
import type { Kit } from '../node/kit';
import { startThroughputKit } from './kit';
import { useDrivenClock } from '../helpers/drivenClock';

const PATH = '/api/user/conversations';
const TOTAL = 10_000;

useDrivenClock();

let kit: Kit;

beforeAll(async () => {
	kit = await startThroughputKit();
	// Bob starts with his seeded conversations; top him up to exactly TOTAL.
	await kit.control('POST', '/conversations/seed', {
		user: 'bob',
		count: TOTAL - SEED.bob.conversationCount,
	});
});
afterAll(async () => {
	await kit.stop();
});

it(`Return All over ${TOTAL} conversations makes exactly ${Math.ceil(TOTAL / 100)} requests and outputs each conversation once`, async () => {
	const result = await kit.run(
		{ resource: 'conversation', operation: 'getAll', returnAll: true },
		{ credentials: { apiToken: kit.sandbox.tokens.bob } },
	);
	expect(result.error).toBeUndefined();
	expect(result.output).toHaveLength(TOTAL);
	expect(new Set(result.output.map((item) => item.json.id)).size).toBe(TOTAL);
	expect(result.output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(
		true,
	);

	const log = await kit.requests(PATH);
	expect(log).toHaveLength(Math.ceil(TOTAL / 100));
	expect(log.every((entry) => entry.query.per_page === '100' && entry.status === 200)).toBe(true);
	expect(log[0].query.cursor).toBeUndefined();
	expect(new Set(log.slice(1).map((entry) => entry.query.cursor)).size).toBe(log.length - 1);
}, 60_000);
