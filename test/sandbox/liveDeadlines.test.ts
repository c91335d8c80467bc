/**
 * A call's live requests (the inbound request, a mid-call tool request) give up at the service's
 * deadlines (2 s; the tool's timeout), and the call goes on without the answer.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { INBOUND_BUDGET_MS } from '../../sandbox/domain/calls/inboundRequest';
import { boot, type Client } from './helpers';

const TOOL_TIMEOUT_S = 1;
/** Each answer comes a little after its deadline. */
const LATE_MS = 300;
const DELAYS_MS: Record<string, number> = {
	'/inbound': INBOUND_BUDGET_MS + LATE_MS,
	'/tool': TOOL_TIMEOUT_S * 1000 + LATE_MS,
};
const TOOL_ANSWER = { answer: 'late but right' };
const INBOUND_VARIABLES = { customer_name: 'Max Miller' };

let slow: Server;
let slowUrl: string;

beforeAll(async () => {
	slow = createServer((req, res) => {
		const path = (req.url ?? '').split('?')[0];
		req.resume();
		setTimeout(() => {
			res.setHeader('content-type', 'application/json');
			res.end(JSON.stringify(path === '/tool' ? TOOL_ANSWER : { variables: INBOUND_VARIABLES }));
		}, DELAYS_MS[path] ?? 0);
	});
	await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
	slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await new Promise<void>((resolve) => slow.close(() => resolve()));
});

/** An incoming call to assistant 101 whose inbound request and tool 31 answer late. */
async function lateAnswers(c: Client): Promise<{ inbound: unknown; tool: unknown }> {
	await c.put('/api/user/tools/31', { endpoint: `${slowUrl}/tool`, timeout: TOOL_TIMEOUT_S });
	await c.post('/api/user/assistants/enable-inbound-webhook', {
		assistant_id: 101,
		webhook_url: `${slowUrl}/inbound`,
	});
	const arrived = await c.ctl('POST', '/calls/incoming', {
		assistant_id: 101,
		customer_phone: '+4917611112222',
	});
	const asked = await c.ctl('POST', `/calls/${arrived.json.call.id}/tools`, {
		tool: 'calendar_booking',
		arguments: { customer_phone: '+4917611112222' },
	});
	return { inbound: arrived.json.inbound_request, tool: asked.json.function_call };
}

it('both give up at their deadline and the call goes on without the answer', async () => {
	const c = await boot();
	try {
		expect(await lateAnswers(c)).toEqual({
			inbound: expect.objectContaining({ error: 'timeout', variables: {} }),
			tool: expect.objectContaining({ error: 'timeout', result: null }),
		});
	} finally {
		await c.sb.stop();
	}
});
