/**
 * One request per inbound call to the inbound webhook, at the moment each reading of the docs gives
 * it: by default when the call arrives (the automation guide), under `inboundCallCompletedReport`
 * when it ends, with the post-call payload (the API reference). The post-call webhook reports the
 * call either way. The arriving call's request carries the two numbers by default, the rest of
 * Activepieces' sample under `inboundRequestCallDetails`.
 */
import type { BeyondDocsOption } from '../../sandbox';
import type { Client } from './helpers';
import { activatePostCall, useWebhookSandbox, type WebhookSandbox } from './receiver';

const INBOUND_ASSISTANT = 101;
const CALLER = '+4917611112222';

/** The describe block's sandbox with `beyondDocs`; before each test the inbound assistant's two webhooks go to the receiver. */
function inboundWebhookSandbox(beyondDocs: BeyondDocsOption[]): WebhookSandbox {
	const w = useWebhookSandbox({ callDurationMs: 5000, beyondDocs });
	beforeEach(async () => {
		await w.c.post('/api/user/assistants/enable-inbound-webhook', {
			assistant_id: INBOUND_ASSISTANT,
			webhook_url: `${w.hook.url}/inbound`,
		});
		await activatePostCall(w, INBOUND_ASSISTANT);
	});
	return w;
}

/** A call arrives, runs its 5 s and ends by itself: what each URL got, in order. */
async function oneInboundCall(c: Client): Promise<{ callId: number; arrived: any }> {
	const arrived = await c.ctl('POST', '/calls/incoming', {
		assistant_id: INBOUND_ASSISTANT,
		customer_phone: CALLER,
	});
	await c.advance(5000);
	return { callId: arrived.json.call.id as number, arrived: arrived.json };
}

describe('the inbound webhook, by default (before pickup)', () => {
	const w = inboundWebhookSandbox([]);

	it('gets one request when the call arrives and none when it ends', async () => {
		const { c, hook } = w;
		const { callId, arrived } = await oneInboundCall(c);
		expect(hook.received.map((h) => h.path)).toEqual(['/inbound', '/post-call']);
		// the guide shows no payload: the two numbers a caller lookup needs, and nothing else
		expect(hook.received[0].body).toEqual({
			customer_phone: CALLER,
			assistant_phone: expect.stringMatching(/^\+\d+$/),
		});
		expect(hook.received[1].body).toMatchObject({ id: callId, status: 'completed' });
		expect(arrived.inbound_request).toMatchObject({ status: 200 });
	});
});

describe('the inbound webhook under inboundRequestCallDetails', () => {
	const w = inboundWebhookSandbox(['inboundRequestCallDetails']);

	it("carries the call's ID, assistant, time, status and variables beside the two numbers", async () => {
		const { c, hook } = w;
		const { callId } = await oneInboundCall(c);
		expect(hook.received.map((h) => h.path)).toEqual(['/inbound', '/post-call']);
		expect(hook.received[0].body).toEqual({
			assistant_id: INBOUND_ASSISTANT,
			customer_phone: CALLER,
			assistant_phone: expect.stringMatching(/^\+\d+$/),
			call_id: callId,
			timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			status: 'incoming',
			variables: {},
		});
	});
});

describe('the inbound webhook under inboundCallCompletedReport', () => {
	const w = inboundWebhookSandbox(['inboundCallCompletedReport']);

	it('gets nothing when the call arrives and one completed-call report, the post-call payload, when it ends', async () => {
		const { c, hook } = w;
		const { callId, arrived } = await oneInboundCall(c);
		expect(arrived.inbound_request).toBeNull();
		expect(hook.received.map((h) => [h.path, h.body.status])).toEqual([
			['/inbound', 'completed'],
			['/post-call', 'completed'],
		]);
		expect(hook.received[0].body).toEqual(hook.received[1].body);
		expect(hook.received[0].body).toMatchObject({
			id: callId,
			customer_phone: CALLER,
			duration: 5,
			transcript: expect.any(String),
		});
		const log = (await c.ctl('GET', `/webhooks?callId=${callId}`)).json;
		expect(log.map((e: { kind: string }) => e.kind)).toEqual(['inbound', 'post_call']);
	});

	it('reports a finished inbound call from the controls once, whatever its status, and no outbound call', async () => {
		const { c, hook } = w;
		const ended = await c.ctl('POST', '/calls/inbound', {
			assistant_id: INBOUND_ASSISTANT,
			customer_phone: CALLER,
			status: 'busy',
		});
		expect(ended.json.deliveries.map((d: { kind: string }) => d.kind)).toEqual(['inbound']);
		await c.post('/api/user/make_call', { phone_number: CALLER, assistant_id: 102 });
		await c.advance(5000);
		expect(hook.received.map((h) => [h.path, h.body.status])).toEqual([['/inbound', 'busy']]);
	});
});
