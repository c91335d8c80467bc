/**
 * The option `postCallRetries`: a failed post-call webhook (an answer other than 2xx, or no
 * connection) is tried again after each of `webhookRetryDelaysMs`, every attempt logged, until the
 * last delay or until the webhook is switched off. By default it is sent once
 * (calls-webhooks.test.ts).
 */
import { placeCall } from './helpers';
import { activatePostCall, useWebhookSandbox, webhookReceiver } from './receiver';

const w = useWebhookSandbox({
	callDurationMs: 5000,
	webhookRetryDelaysMs: [1000, 2000, 4000],
	beyondDocs: ['postCallRetries'],
});

describe('post-call webhook retries (postCallRetries)', () => {
	it('retries non-2xx answers per webhookRetryDelaysMs and logs every attempt', async () => {
		await activatePostCall(w, 102);
		w.hook.script = [500, 503];
		const id = await placeCall(w.c);
		await w.c.ctl('POST', `/calls/${id}/end`, { status: 'completed' });
		expect(w.hook.received).toHaveLength(1);
		await w.c.advance(999);
		expect(w.hook.received).toHaveLength(1);
		await w.c.advance(1);
		expect(w.hook.received).toHaveLength(2);
		await w.c.advance(2000);
		expect(w.hook.received).toHaveLength(3);
		await w.c.advance(60000);
		expect(w.hook.received).toHaveLength(3);
		const log = (await w.c.ctl('GET', `/webhooks?callId=${id}`)).json;
		expect(log.map((e: any) => [e.attempt, e.status])).toEqual([
			[1, 500],
			[2, 503],
			[3, 200],
		]);
		expect(log[1].at - log[0].at).toBe(1000);
		expect(log[2].at - log[1].at).toBe(2000);
	});
	it('retries refused connections and gives up after the last delay', async () => {
		const dead = await webhookReceiver();
		const deadUrl = dead.url;
		await dead.close();
		await w.c.put('/api/user/assistant/102', {
			is_webhook_active: true,
			webhook_url: `${deadUrl}/gone`,
		});
		const id = await placeCall(w.c);
		await w.c.ctl('POST', `/calls/${id}/end`, { status: 'completed' });
		await w.c.advance(1000 + 2000 + 4000 + 10000);
		const log = (await w.c.ctl('GET', `/webhooks?callId=${id}`)).json;
		expect(log).toHaveLength(4);
		expect(log.every((e: any) => typeof e.error === 'string' && e.status === undefined)).toBe(true);
	});
	it('stops pending retries when the webhook is disabled', async () => {
		await activatePostCall(w, 102);
		w.hook.script = [500];
		const id = await placeCall(w.c);
		await w.c.ctl('POST', `/calls/${id}/end`, { status: 'completed' });
		await w.c.post('/api/user/assistants/disable-webhook', { assistant_id: 102 });
		await w.c.advance(10000);
		expect(w.hook.received).toHaveLength(1);
	});
});
