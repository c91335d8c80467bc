/**
 * The sandbox's faults: error statuses, 429, malformed bodies, reset and held sockets, matched by
 * method and path.
 */
import { expectAnswer, fakeTimeouts, until, useSandbox } from './helpers';

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
