/**
 * Every wait the service's rate-limit headers ask for has an end: a reset further away than a
 * request may wait (MAX_RATE_LIMIT_WAIT_MS, as for 429s) fails the request unsent, naming the headers
 * and the reset time, instead of holding every request of the token; `X-RateLimit-Remaining: 0`
 * without a reset waits one documented window (the minute) instead of being ignored.
 */
import { famulorApiRequest, MAX_RATE_LIMIT_WAIT_MS } from '../../../nodes/shared/transport';
import type { FamulorRequest } from '../../../nodes/shared/transport/types';
import { accountFor } from '../../../nodes/shared/transport/pacing/pacing';
import { withRequestContext } from '../../../harness/engine';
import { startScriptedServer, type ScriptedServer } from '../../helpers/scriptedServer';
import { UNPACED_GENERAL_LIMIT } from '../../../harness/credentials';

const ME: FamulorRequest = { method: 'GET', path: '/api/user/me', itemIndex: 0 };

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer();
});
afterAll(async () => {
	await server.close();
});

/** One request with its own token (pacers live per token, so each test starts with a fresh budget). */
async function sendAs(token: string): Promise<unknown> {
	return await withRequestContext(
		{ apiToken: token, baseUrl: server.url, requestTimeoutSeconds: 2, ...UNPACED_GENERAL_LIMIT },
		async function () {
			return await famulorApiRequest.call(this, ME);
		},
	);
}

describe('a reset further away than a request may wait', () => {
	it('fails the next request at once, unsent, naming X-RateLimit-Remaining, X-RateLimit-Reset and the reset time', async () => {
		const reset = Math.ceil(Date.now() / 1000) + 3600;
		server.requests.length = 0;
		server.enqueue({
			status: 200,
			body: { id: 1 },
			headers: {
				'X-RateLimit-Limit': '100',
				'X-RateLimit-Remaining': '0',
				'X-RateLimit-Reset': String(reset),
			},
		});
		const token = 'sbx_budget_hour_ahead_7d2e';
		await expect(sendAs(token)).resolves.toEqual({ id: 1 });
		const failure = await sendAs(token).then(
			() => undefined,
			(error: Error) => error,
		);
		expect(failure?.message).toBe(
			`Famulor API request not sent: the service's rate limit for this API token has no request to spare until ${new Date(reset * 1000).toISOString()} (X-RateLimit-Remaining: 0, X-RateLimit-Reset: ${reset}), later than the ${MAX_RATE_LIMIT_WAIT_MS / 1000} s a request may wait. Run the item again after that time.`,
		);
		expect(server.requests).toHaveLength(1);
	}, 10_000);
});

describe('X-RateLimit-Remaining: 0 without a reset', () => {
	afterEach(() => {
		jest.useRealTimers();
	});

	it('holds the next request for one documented window (60 s), then lets it go', async () => {
		jest.useFakeTimers();
		const account = accountFor('no-reset|budget-test', []); // no windows: the account alone
		const release = await account.enter().acquire();
		release({ 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '0' }, 200);
		let started = false;
		const next = account
			.enter()
			.acquire()
			.then((again) => {
				started = true;
				return again;
			});
		await jest.advanceTimersByTimeAsync(59_000);
		expect(started).toBe(false);
		await jest.advanceTimersByTimeAsync(1_001);
		expect(started).toBe(true);
		(await next)();
	});
});

describe("a request's waits for the service", () => {
	afterEach(() => {
		jest.useRealTimers();
	});

	it('add up over its attempts: a second 429 that would pass five minutes in all fails it, unsent', async () => {
		jest.useFakeTimers({ now: 1_800_000_000_000 });
		// Its answers are the one way a 429 reaches the pacer; the passage owns the wait and its budget.
		const passage = accountFor('two-refusals|budget-test', []).enter();
		(await passage.acquire())({ 'Retry-After': '200' }, 429);
		const retry = passage.acquire();
		await jest.advanceTimersByTimeAsync(200_000);
		(await retry)({ 'Retry-After': '200' }, 429);
		await expect(passage.acquire()).rejects.toMatchObject({
			ownRefusal: true,
			waitedMs: 200_000,
			waitMs: 200_000,
		});
		passage.leave();
	});

	it('holds no other request for a 429 that asks for more than a request may wait', async () => {
		jest.useFakeTimers({ now: 1_800_000_000_000 });
		const account = accountFor('too-long|budget-test', []);
		const refused = account.enter();
		(await refused.acquire())({ 'Retry-After': '3600' }, 429);
		await expect(refused.acquire()).rejects.toMatchObject({ ownRefusal: true, waitMs: 3_600_000 });
		refused.leave();
		let started = false;
		void account
			.enter()
			.acquire()
			.then(() => (started = true));
		await jest.advanceTimersByTimeAsync(0);
		expect(started).toBe(true);
	});
});
