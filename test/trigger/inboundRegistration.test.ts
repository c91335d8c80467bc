/**
 * Registering the inbound-call event: enable-inbound-webhook and its removal beside the
 * assistant's post-call webhook, and a foreign inbound webhook.
 */
import type { IDataObject } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { listeningTo, useTriggerKit } from './triggerKit';

const INBOUND = SEED.alice.inboundAssistantId; // 101

const kit = useTriggerKit();

describe('inbound call event', () => {
	const inbound = (extra?: IDataObject) => listeningTo(INBOUND, 'inboundCallCompleted', extra);

	it('registers with enable-inbound-webhook, receives inbound calls, and removes only the inbound webhook', async () => {
		// A post-call webhook of someone else on the same assistant must survive the whole lifecycle.
		await kit().api('PUT', `/api/user/assistant/${INBOUND}`, {
			is_webhook_active: true,
			webhook_url: 'https://crm.example.com/post-call',
		});
		await kit().ctl('DELETE', '/requests');

		const t = kit().trigger(inbound());
		expect(await t.lifecycle('checkExists')).toBe(false);
		expect(await t.lifecycle('create')).toBe(true);
		const url = t.signedUrl();
		expect((await kit().requests()).filter((r) => r.method !== 'GET')).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/api/user/assistants/enable-inbound-webhook',
				body: { assistant_id: INBOUND, webhook_url: url },
				status: 200,
			}),
		]);
		let assistant = await kit().assistant(INBOUND);
		expect(assistant.inbound_webhook_url).toBe(url);
		expect(assistant.webhook_url).toBe('https://crm.example.com/post-call');
		expect(await t.lifecycle('checkExists')).toBe(true);

		const arrived = await kit().ctl('POST', '/calls/incoming', {
			assistant_id: INBOUND,
			customer_phone: '+4917611112222',
		});
		const mine = kit().deliveries.filter((d) => d.emitted.length > 0);
		expect(mine).toHaveLength(1);
		expect(arrived.inbound_request).toMatchObject({ status: 200 });
		expect(mine[0].emitted[0]).toEqual({
			customer_phone: '+4917611112222',
			assistant_phone: expect.stringMatching(/^\+/),
			status: 'incoming',
		});

		await kit().ctl('DELETE', '/requests');
		await t.lifecycle('delete', 'internal', 'update');
		expect((await kit().requests()).filter((r) => r.method !== 'GET')).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/api/user/assistants/disable-inbound-webhook',
				body: { assistant_id: INBOUND },
				status: 200,
			}),
		]);
		assistant = await kit().assistant(INBOUND);
		expect(assistant.inbound_webhook_url).toBeNull();
		expect(assistant.webhook_url).toBe('https://crm.example.com/post-call');
		expect(assistant.is_webhook_active).toBe(true);
		expect(t.nodeStaticData()).toEqual({});
	});

	it('a foreign inbound webhook blocks activation unless replacement is allowed', async () => {
		await kit().api('POST', '/api/user/assistants/enable-inbound-webhook', {
			assistant_id: INBOUND,
			webhook_url: 'https://pbx.example.com/inbound',
		});
		await expect(kit().trigger(inbound()).lifecycle('create')).rejects.toThrow(
			`Assistant "Support Hotline" (#${INBOUND}) already sends its inbound-call webhook to https://pbx.example.com/inbound`,
		);
		const t = kit().trigger(inbound({ options: { replaceExisting: true } }));
		await t.lifecycle('create');
		expect((await kit().assistant(INBOUND)).inbound_webhook_url).toBe(t.signedUrl());
		await kit().ctl('DELETE', '/requests');
		await t.lifecycle('delete', 'internal', 'update');
		expect((await kit().requests()).filter((r) => r.method !== 'GET')).toEqual([
			expect.objectContaining({
				path: '/api/user/assistants/enable-inbound-webhook',
				body: { assistant_id: INBOUND, webhook_url: 'https://pbx.example.com/inbound' },
				status: 200,
			}),
		]);
		expect((await kit().assistant(INBOUND)).inbound_webhook_url).toBe(
			'https://pbx.example.com/inbound',
		);
	});
});
