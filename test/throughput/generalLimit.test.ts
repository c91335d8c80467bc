/**
 * The account-wide general limit (100 per minute, bursts of 20 per 10 s,
 * https://docs.famulor.de/en/api-reference/authentication), enforced by the sandbox per token and
 * scaled in time so the suite is short, with the credential's Custom Rate Limits set to match, as a
 * user of such an account would. Each test has its own sandbox: the node's pacers live per Base URL
 * and token for the whole process, so a fresh sandbox is a fresh budget.
 */
import type { Kit } from '../node/kit';
import { useDrivenClock } from '../helpers/drivenClock';
import {
	ALICE,
	expectOneItemPerInput,
	expectWithinRateLimit,
	numberedItems,
	sessionStatusOf,
	startThroughputKit,
} from './kit';

const STATUS_PATH = '/api/user/whatsapp/session-status';
const LANGUAGES_PATH = '/api/user/assistants/languages';

const sessionStatus = sessionStatusOf(ALICE.openWindowCustomer.phone);

async function kitWithLimit(burst: { limit: number; windowMs: number }): Promise<Kit> {
	const sustained = { limit: 100, windowMs: 60_000 };
	return await startThroughputKit(
		{ generalRateLimit: { sustained, burst } },
		{
			customRateLimits: true,
			generalLimit: sustained.limit,
			generalWindowSeconds: sustained.windowMs / 1000,
			generalBurstLimit: burst.limit,
			generalBurstWindowSeconds: burst.windowMs / 1000,
		},
	);
}

useDrivenClock();

let kit: Kit | undefined;
afterEach(async () => {
	await kit?.stop();
	kit = undefined;
});

describe('the general limit', () => {
	it('reads at the default of version 2 stay within the burst: three bursts, no 429, every item in order', async () => {
		const burst = { limit: 20, windowMs: 1000 };
		kit = await kitWithLimit(burst);
		const result = await kit.run(sessionStatus, { input: numberedItems(60), typeVersion: 2 });
		expectOneItemPerInput(result, 60);
		const log = await kit.requests(STATUS_PATH);
		expect(log.map((entry) => entry.status)).toEqual(Array(60).fill(200));
		expectWithinRateLimit(log, burst);
	});

	it('when another client has used the burst up, one request finds out: a single 429, waited out, and no item fails', async () => {
		const burst = { limit: 10, windowMs: 2000 };
		kit = await kitWithLimit(burst);
		for (let n = 0; n < burst.limit; n++)
			expect((await kit.api('GET', LANGUAGES_PATH)).status).toBe(200);
		const result = await kit.run(sessionStatus, { input: numberedItems(10), typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(result.output).toHaveLength(10);
		for (const item of result.output) expect(item.json.error).toBeUndefined();
		const statuses = (await kit.requests(STATUS_PATH)).map((entry) => entry.status);
		expect(statuses.filter((status) => status === 429)).toHaveLength(1);
		expect(statuses.filter((status) => status === 200)).toHaveLength(10);
	});
});
