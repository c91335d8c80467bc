/** `latencyMs`: every authenticated API request waits that long before it is handled; controls do not. */
import { startSandbox, type StartedSandbox } from '../../sandbox';

const LATENCY_MS = 300;
let sb: StartedSandbox;

beforeAll(async () => {
	sb = await startSandbox({ port: 0, latencyMs: LATENCY_MS });
});
afterAll(async () => {
	await sb.stop();
});

async function timed(path: string, token: string): Promise<{ status: number; ms: number }> {
	const started = performance.now();
	const response = await fetch(`${sb.url}${path}`, {
		headers: { authorization: `Bearer ${token}` },
	});
	await response.arrayBuffer();
	return { status: response.status, ms: performance.now() - started };
}

it('delays API requests by the configured latency', async () => {
	const answer = await timed('/api/user/assistants/languages', sb.tokens.alice);
	expect(answer.status).toBe(200);
	expect(answer.ms).toBeGreaterThanOrEqual(LATENCY_MS - 5);
});

it('does not delay the controls', async () => {
	const answer = await timed('/__sandbox/clock', sb.controlToken);
	expect(answer.status).toBe(200);
	expect(answer.ms).toBeLessThan(LATENCY_MS);
});
