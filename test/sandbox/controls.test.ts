import { createClock, SEED, startSandbox } from '../../sandbox';
import {
	CLI_HANG_MS,
	expectAnswer,
	fakeTimeouts,
	placeCall,
	startSandboxCli,
	stopSandboxClis,
	until,
	useSandbox,
} from './helpers';

/** How long a `timeout` fault holds a socket when the client does not give up first. */
const WEBHOOK_TIMEOUT_MS = 300;

const c = useSandbox({ webhookTimeoutMs: WEBHOOK_TIMEOUT_MS });
afterEach(() => {
	jest.useRealTimers();
});

/** How a request ended: its status, or the name and message of its failure. */
async function outcome(request: Promise<{ status: number }>): Promise<string> {
	return await request.then(
		(response) => `answered ${response.status}`,
		(error: Error) => `${error.name}: ${error.message}`,
	);
}

describe('control endpoints', () => {
	it('need the control token', async () => {
		for (const as of [null, 'alice' as const, { raw: 'Bearer wrong' }]) {
			const r = await c.req('POST', '/__sandbox/reset', { as });
			expectAnswer(r, 401, { message: 'Unauthenticated.' });
		}
		expect(c.sb.controlToken).toBe(SEED.controlToken);
	});
	it('advance the clock over HTTP', async () => {
		const before = c.sb.clock.now();
		const r = await c.ctl('POST', '/clock/advance', { ms: 90_000 });
		expect(r.status).toBe(200);
		expect(r.json.now).toBe(before + 90_000);
		expect((await c.ctl('POST', '/clock/advance', { ms: -1 })).status).toBe(422);
	});
	it('reset restores the seeded state and keeps tokens', async () => {
		await c.post('/api/user/assistant', {
			assistant_name: 'Temp',
			voice_id: 1001,
			language: 'English',
			llm_model: 'gpt-4o',
			calls_direction: 'make',
			engine_type: 'pipeline',
			timezone: 'UTC',
			initial_message: 'Hi',
			system_prompt: 'Be nice.',
		});
		expect((await c.get('/api/user/assistants/get')).json.total).toBe(5);
		await c.ctl('POST', '/reset');
		expect((await c.get('/api/user/assistants/get')).json.total).toBe(4);
		expect((await c.ctl('GET', '/requests')).json.map((e: any) => e.path)).toEqual([
			'/api/user/assistants/get',
		]);
	});
	it('set balance and payment method', async () => {
		expect((await c.ctl('POST', '/users/bob/balance', { balance: 1.5 })).json).toEqual({
			user: 'bob',
			balance: 1.5,
		});
		expect((await c.get('/api/user/me', 'bob')).json.total_balance).toBe(1.5);
		expect((await c.ctl('POST', '/users/carol/balance', { balance: 1 })).status).toBe(404);
		expect((await c.ctl('POST', '/users/bob/balance', { balance: 'lots' })).status).toBe(422);
		await c.ctl('POST', '/users/bob/payment-method', { has_payment_method: true });
		const found = (await c.get('/api/user/phone-numbers/search?country_code=DK', 'bob')).json
			.data[0];
		expect(
			(
				await c.post(
					'/api/user/phone-numbers/purchase',
					{ phone_number: found.phone_number },
					'bob',
				)
			).status,
		).toBe(201);
	});
	it('seeds conversations of one type', async () => {
		const r = await c.ctl('POST', '/conversations/seed', { user: 'alice', count: 30, type: 'api' });
		expect(r.json).toMatchObject({ added: 30, total: 70 });
		const list = await c.get('/api/user/conversations?type=api&per_page=100');
		expect(list.json.data).toHaveLength(40);
		expect((await c.ctl('POST', '/conversations/seed', { user: 'zed', count: 1 })).status).toBe(
			422,
		);
	});
	it('lists calls', async () => {
		const id = await placeCall(c);
		const calls = (await c.ctl('GET', '/calls')).json.filter(
			(x: { id: number }) => !SEED.alice.callIds.includes(x.id) && !SEED.bob.callIds.includes(x.id),
		);
		expect(calls).toEqual([
			expect.objectContaining({
				id,
				status: 'initiated',
				type: 'outbound',
				customer_phone: '+4917612345678',
			}),
		]);
		expect((await c.ctl('POST', '/calls/999/end', { status: 'completed' })).status).toBe(404);
		expect((await c.ctl('POST', `/calls/${id}/end`, { status: 'exploded' })).status).toBe(422);
	});
});

describe('request log', () => {
	it('logs every API request with redacted auth, body and status, including rejected ones', async () => {
		await c.post('/api/user/make_call', { phone_number: 'bad', assistant_id: 102 });
		await c.get('/api/user/assistants/get?per_page=3', 'bob');
		await c.get('/api/user/assistants/get', { raw: 'Bearer stolen-token' });
		await c.req('POST', '/api/user/make_call', { body: '{"broken": ', as: 'alice' });
		const log = (await c.ctl('GET', '/requests')).json;
		expect(log).toHaveLength(4);
		expect(log[0]).toMatchObject({
			seq: expect.any(Number),
			at: c.sb.clock.now(),
			method: 'POST',
			path: '/api/user/make_call',
			query: {},
			user: 'alice',
			contentType: 'application/json',
			body: { phone_number: 'bad', assistant_id: 102 },
			status: 400,
		});
		expect(log[0].headers.authorization).toBe('Bearer <alice>');
		expect(JSON.stringify(log)).not.toContain(SEED.tokens.alice);
		expect(JSON.stringify(log)).not.toContain('stolen-token');
		expect(log[1]).toMatchObject({ user: 'bob', query: { per_page: '3' }, status: 200 });
		expect(log[2]).toMatchObject({ user: null, status: 401 });
		expect(log[3]).toMatchObject({ status: 400, body: '{"broken": ' });
		const since = (await c.ctl('GET', `/requests?since=${log[1].seq}`)).json;
		expect(since.map((e: any) => e.seq)).toEqual([log[2].seq, log[3].seq]);
		const filtered = (await c.ctl('GET', '/requests?method=POST&path=/api/user/make_call')).json;
		expect(filtered).toHaveLength(2);
		const prefix = (
			await c.ctl('GET', `/requests?path=${encodeURIComponent('/api/user/assistants/*')}`)
		).json;
		expect(prefix).toHaveLength(2);
	});
	it('proves nothing was sent', async () => {
		const r = (await c.ctl('GET', '/requests?method=POST&path=/api/user/whatsapp/send-freeform'))
			.json;
		expect(r).toEqual([]);
	});
	it('malformed JSON bodies are answered 400 with a message', async () => {
		const r = await c.req('POST', '/api/user/assistant', { body: '{nope', as: 'alice' });
		expectAnswer(r, 400, { message: 'The request body is not valid JSON.' });
	});
});

describe('faults', () => {
	const path = '/api/user/assistants/get';
	it('answers 500, 502 and 503 for the next count matching requests', async () => {
		await c.ctl('POST', '/faults', { path, count: 2, kind: 500 });
		await c.ctl('POST', '/faults', { method: 'GET', path, count: 1, kind: '502' });
		await c.ctl('POST', '/faults', { path, count: 1, kind: '503' });
		expect((await c.ctl('GET', '/faults')).json).toHaveLength(3);
		const a = await c.get(path);
		expectAnswer(a, 500, { message: 'Server Error' });
		expect((await c.get(path)).status).toBe(500);
		const b = await c.get(path);
		expect(b.status).toBe(502);
		expect(b.text).toContain('Bad Gateway');
		expect((await c.get(path)).status).toBe(503);
		expect((await c.get(path)).status).toBe(200);
		const log = (await c.ctl('GET', `/requests?path=${path}`)).json;
		expect(log.map((e: any) => e.status)).toEqual([500, 500, 502, 503, 200]);
		expect(log[0].fault).toBe('500');
	});
	it('only matches the given method and path; prefix with *', async () => {
		await c.ctl('POST', '/faults', { method: 'POST', path, count: 1, kind: 500 });
		expect((await c.get(path)).status).toBe(200);
		await c.ctl('DELETE', '/faults');
		await c.ctl('POST', '/faults', { path: '/api/user/assistants/*', count: 1, kind: 503 });
		expect((await c.get('/api/user/assistants/languages')).status).toBe(503);
		expect((await c.get('/api/user/assistants/languages')).status).toBe(200);
	});
	it('answers 429 with Retry-After', async () => {
		await c.ctl('POST', '/faults', { path, count: 1, kind: 429, retryAfter: 7 });
		const r = await c.get(path);
		expect(r.status).toBe(429);
		expect(r.headers.get('retry-after')).toBe('7');
		expect(r.json).toEqual({ message: 'Too Many Attempts.', retry_after: 7 });
	});
	it('malformed: 200 with invalid JSON', async () => {
		await c.ctl('POST', '/faults', { path, count: 1, kind: 'malformed' });
		const r = await c.get(path);
		expect(r.status).toBe(200);
		expect(r.headers.get('content-type')).toContain('application/json');
		expect(() => JSON.parse(r.text)).toThrow();
	});
	it('reset destroys the socket', async () => {
		await c.ctl('POST', '/faults', { path, count: 1, kind: 'reset' });
		await expect(c.get(path)).rejects.toThrow();
		expect((await c.get(path)).status).toBe(200);
	});
	it('timeout holds the socket until the client gives up', async () => {
		// The sandbox's hold is a real timer; jest's fake one shows it set and when it ends.
		fakeTimeouts();
		await c.ctl('POST', '/faults', { path, count: 1, kind: 'timeout' });
		const client = new AbortController();
		const given = outcome(
			fetch(c.sb.url + path, {
				headers: { authorization: `Bearer ${c.sb.tokens.alice}` },
				signal: client.signal,
			}),
		);
		await until(() => jest.getTimerCount() === 1);
		client.abort();
		expect(await given).toBe('AbortError: This operation was aborted');
		// The client's leaving releases the socket and its timer.
		await until(() => jest.getTimerCount() === 0);
		// without a client timeout the server drops the connection after webhookTimeoutMs
		await c.ctl('POST', '/faults', { path, count: 1, kind: 'timeout' });
		const dropped = outcome(c.get(path));
		await until(() => jest.getTimerCount() === 1);
		await jest.advanceTimersByTimeAsync(WEBHOOK_TIMEOUT_MS - 1);
		expect(jest.getTimerCount()).toBe(1);
		await jest.advanceTimersByTimeAsync(1);
		expect(jest.getTimerCount()).toBe(0);
		expect(await dropped).toBe('TypeError: fetch failed');
		expect((await c.get(path)).status).toBe(200);
	});
	it('validates fault definitions and clears them', async () => {
		expect((await c.ctl('POST', '/faults', { path, kind: 'explode' })).status).toBe(422);
		expect((await c.ctl('POST', '/faults', { kind: 500 })).status).toBe(422);
		await c.ctl('POST', '/faults', { path, count: 5, kind: 500 });
		await c.ctl('DELETE', '/faults');
		expect((await c.get(path)).status).toBe(200);
	});
});

describe('clock', () => {
	it('manual clock runs tasks in due order on advance', async () => {
		const clock = createClock({ realTime: false, start: 1000 });
		const seen: number[] = [];
		clock.schedule(30, () => seen.push(clock.now()));
		clock.schedule(10, () => {
			seen.push(clock.now());
			clock.schedule(5, () => seen.push(clock.now()));
		});
		await clock.advance(20);
		expect(seen).toEqual([1010, 1015]);
		expect(clock.now()).toBe(1020);
		await clock.advance(100);
		expect(seen).toEqual([1010, 1015, 1030]);
		expect(clock.pending()).toBe(0);
	});
	it('real-time clock fires tasks by real timers (a call ends on its own)', async () => {
		// Date and setTimeout, which the real-time clock reads and sets, from jest's fake timers.
		fakeTimeouts({ date: true });
		const sb = await startSandbox({ port: 0, callDurationMs: 100 });
		const statusOf = async (id: number): Promise<string | undefined> => {
			const calls = await fetch(`${sb.url}/__sandbox/calls`, {
				headers: { authorization: `Bearer ${sb.controlToken}` },
			});
			const list = (await calls.json()) as Array<{ id: number; status: string }>;
			return list.find((x) => x.id === id)?.status;
		};
		try {
			const auth = {
				authorization: `Bearer ${sb.tokens.alice}`,
				'content-type': 'application/json',
			};
			const r = await fetch(`${sb.url}/api/user/make_call`, {
				method: 'POST',
				headers: auth,
				body: JSON.stringify({ phone_number: '+4917612345678', assistant_id: 102 }),
			});
			const { call_id } = (await r.json()) as { call_id: number };
			await jest.advanceTimersByTimeAsync(99);
			expect(await statusOf(call_id)).toBe('initiated');
			await jest.advanceTimersByTimeAsync(1);
			expect(await statusOf(call_id)).toBe('completed');
		} finally {
			jest.useRealTimers();
			await sb.stop();
		}
	});
});

describe('CLI', () => {
	afterEach(stopSandboxClis);

	it(
		'npm run sandbox prints the URL and the tokens, and serves',
		async () => {
			const { banner, url } = await startSandboxCli([]);
			expect(banner).toContain(SEED.tokens.alice);
			expect(banner).toContain(SEED.tokens.bob);
			expect(banner).toContain(SEED.controlToken);
			const r = await fetch(`${url}/api/user/assistants/languages`, {
				headers: { authorization: `Bearer ${SEED.tokens.alice}` },
			});
			expect(r.status).toBe(200);
		},
		CLI_HANG_MS,
	);
});
