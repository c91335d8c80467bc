/**
 * A request that waits LOGGED_WAIT_MS or more writes one line to n8n's log (the context's logger):
 * the request, how long, why, and the answer or window behind it. Shorter waits write nothing.
 */
import { famulorApiRequest, LOGGED_WAIT_MS } from '../../../nodes/shared/transport';
import { AccountBudget, type Release } from '../../../nodes/shared/transport/pacing/accountBudget';
import { withRequestContext, type TestCredentials } from '../../../harness/engine';
import { UNPACED_GENERAL_LIMIT } from '../../../harness/credentials';
import {
	startScriptedServer,
	tooManyAttempts,
	type ScriptedServer,
} from '../../helpers/scriptedServer';
import { drive, useDrivenClock } from '../../helpers/drivenClock';

let server: ScriptedServer;
let credentials: TestCredentials;

/** Sends one request from a context whose logger keeps its info lines. */
async function sendLogged(request: Parameters<typeof famulorApiRequest>[0]): Promise<string[]> {
	const lines: string[] = [];
	const logger = { info: (line: string) => lines.push(line), warn: () => {}, debug: () => {} };
	await drive(
		async () =>
			await withRequestContext(credentials, async function () {
				Object.defineProperty(this, 'logger', { value: { ...logger, error: () => {} } });
				return await famulorApiRequest.call(this, request);
			}),
	);
	return lines;
}

describe('a wait in send', () => {
	useDrivenClock();
	beforeAll(async () => {
		server = await startScriptedServer();
		credentials = {
			apiToken: 'sbx_wait_log_token_7c1a',
			baseUrl: server.url,
			...UNPACED_GENERAL_LIMIT,
		};
	});
	afterAll(async () => {
		await server.close();
	});

	it("names a 429's wait, its length and the answer that asked for it, in one line", async () => {
		const seconds = LOGGED_WAIT_MS / 1000;
		server.enqueue(tooManyAttempts(seconds, seconds), { status: 200, body: { reply: 'hi' } });
		const lines = await sendLogged({
			method: 'POST',
			path: '/api/user/ai/generate-reply',
			body: { message: 'x' },
			safeToRepeat: false,
		});
		expect(lines).toHaveLength(1);
		expect(lines[0]).toContain(`POST /api/user/ai/generate-reply waits ${seconds} s`);
		expect(lines[0]).toContain('answered 429');
		expect(lines[0]).toContain(`Retry-After: ${seconds}`);
	});

	it('writes nothing for a wait of a second', async () => {
		server.enqueue(tooManyAttempts(1), { status: 200, body: { ok: 1 } });
		expect(await sendLogged({ method: 'GET', path: '/api/user/conversations' })).toEqual([]);
	});
});

describe("a wait in the token's pacer", () => {
	const MINUTE = { limit: 100, windowMs: 60_000 };
	const BURST = { limit: 20, windowMs: 10_000 };
	const generateReply = { name: 'generateReply', limit: { limit: 5, windowMs: 60_000 } };

	beforeEach(() => jest.useFakeTimers({ now: 1_800_000_000_000 }));
	afterEach(() => jest.useRealTimers());

	it("names generate-reply's documented limit when the sixth reply of a minute waits for it", async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		const reset = String(Math.ceil(Date.now() / 1000) + 60);
		const told: Array<{ waitMs: number; why: string }> = [];
		const listener = (waitMs: number, why: string) => told.push({ waitMs, why });
		const starts: number[] = [];
		for (let remaining = 99; remaining > 93; remaining--) {
			let release: Release | undefined;
			void budget
				.enter()
				.acquire(generateReply, listener)
				.then((r) => (release = r));
			while (release === undefined) await jest.advanceTimersByTimeAsync(50);
			starts.push(Date.now());
			const headers = { 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': String(remaining) };
			release({ ...headers, 'X-RateLimit-Reset': reset }, 200);
		}
		// The first five wrote nothing: the documented 5 per minute asks for no wait before the sixth.
		expect(starts[4] - starts[0]).toBeLessThan(LOGGED_WAIT_MS);
		expect(told).toHaveLength(1);
		expect(told[0].waitMs).toBeGreaterThan(55_000);
		expect(told[0].why).toContain('generateReply limit of 5 per 60 s');
	});
});
