/**
 * `latencyMs`: every authenticated API request waits that long before it is handled; controls do not.
 * The wait is a real timer, which jest's fake timers stand in for: the test sees which request waits
 * and for how long, not how fast the machine answered.
 */
import { startSandbox, type StartedSandbox } from '../../sandbox';
import { fakeTimeouts, until } from './helpers';

const LATENCY_MS = 300;
let sb: StartedSandbox;

beforeAll(async () => {
	sb = await startSandbox({ port: 0, latencyMs: LATENCY_MS });
});
afterAll(async () => {
	await sb.stop();
});
afterEach(() => {
	jest.useRealTimers();
});

/** A request under way; `status` is set when its answer has arrived. */
function send(path: string, token: string): { status?: number; answered: Promise<void> } {
	const request: { status?: number; answered: Promise<void> } = { answered: Promise.resolve() };
	request.answered = fetch(`${sb.url}${path}`, {
		headers: { authorization: `Bearer ${token}` },
	}).then(async (response) => {
		await response.arrayBuffer();
		request.status = response.status;
	});
	return request;
}

it('delays API requests by the configured latency', async () => {
	fakeTimeouts();
	const request = send('/api/user/assistants/languages', sb.tokens.alice);
	await until(() => jest.getTimerCount() === 1);
	await jest.advanceTimersByTimeAsync(LATENCY_MS - 1);
	expect(jest.getTimerCount()).toBe(1);
	expect(request.status).toBeUndefined();
	await jest.advanceTimersByTimeAsync(1);
	expect(jest.getTimerCount()).toBe(0);
	await request.answered;
	expect(request.status).toBe(200);
});

it('does not delay the controls', async () => {
	fakeTimeouts();
	const request = send('/__sandbox/clock', sb.controlToken);
	// Answered with no time passing on the fake clock, and no timer set to wait for it.
	await until(() => request.status !== undefined || jest.getTimerCount() > 0);
	expect(jest.getTimerCount()).toBe(0);
	expect(request.status).toBe(200);
});
