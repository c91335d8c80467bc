import type { IDataObject } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { byId, listeningTo, startTriggerKit, useTriggerKit } from './triggerKit';
import { drivingTimers, expectBackoffs, settledValue, type Driven } from '../helpers/drivenClock';

const OUTBOUND = SEED.alice.outboundAssistantId; // 102
const INBOUND = SEED.alice.inboundAssistantId; // 101

const kit = useTriggerKit();

const postCall = (extra?: IDataObject) => listeningTo(OUTBOUND, 'callCompleted', extra);

describe('activation (post-call webhook)', () => {
	it('registers the node URL with a fresh secret on the assistant, and checkExists then finds it', async () => {
		const t = kit().trigger(
			postCall({ options: { onlyCompleted: false, includeRecording: true } }),
		);
		expect(await t.lifecycle('checkExists')).toBe(false);
		expect(await t.lifecycle('create')).toBe(true);

		const secret = t.secret();
		expect(secret).toMatch(/^[0-9a-f]{48}$/);
		const assistant = await kit().assistant(OUTBOUND);
		expect(assistant.webhook_url).toBe(`${t.productionUrl}?secret=${secret}`);
		expect(assistant.is_webhook_active).toBe(true);
		expect(assistant.send_webhook_only_on_completed).toBe(false);
		expect(assistant.include_recording_in_webhook).toBe(true);

		const writes = (await kit().requests()).filter((r) => r.method !== 'GET');
		expect(writes).toEqual([
			expect.objectContaining({
				method: 'PUT',
				path: `/api/user/assistant/${OUTBOUND}`,
				body: {
					is_webhook_active: true,
					webhook_url: `${t.productionUrl}?secret=${secret}`,
					send_webhook_only_on_completed: false,
					include_recording_in_webhook: true,
				},
				status: 200,
			}),
		]);
		expect(await t.lifecycle('checkExists')).toBe(true);
	});

	it("leaves the assistant's delivery settings alone when the options are not added", async () => {
		const t = kit().trigger(postCall());
		await t.lifecycle('create');
		const put = (await kit().requests()).find((r) => r.method === 'PUT');
		expect(put?.body).toEqual({
			is_webhook_active: true,
			webhook_url: t.signedUrl(),
		});
	});

	it('rotates the secret on every activation, and the old secret is refused afterwards', async () => {
		const t = kit().trigger(postCall());
		await t.lifecycle('create');
		const first = t.secret();
		await t.lifecycle('delete', 'internal', 'update');
		await t.lifecycle('create');
		const second = t.secret();
		expect(second).not.toBe(first);
		expect((await kit().assistant(OUTBOUND)).webhook_url).toBe(
			`${t.productionUrl}?secret=${second}`,
		);
		expect(
			await kit().post(`${t.productionUrl}?secret=${first}`, { id: 1, status: 'completed' }),
		).toBe(401);
		expect(kit().deliveries[0].emitted).toEqual([]);
	});

	it('checkExists is false when the assistant points elsewhere or the stored secret is not the registered one', async () => {
		const t = kit().trigger(postCall());
		await t.lifecycle('create');
		const registered = t.secret();
		// Restart with static data from elsewhere: a different secret than the one registered.
		t.nodeStaticData().webhookSecret = 'f'.repeat(48);
		expect(await t.lifecycle('checkExists', 'trigger', 'init')).toBe(false);
		t.nodeStaticData().webhookSecret = registered;
		expect(await t.lifecycle('checkExists', 'trigger', 'init')).toBe(true);
		// Someone switched the webhook off in Famulor.
		await kit().api('PUT', `/api/user/assistant/${OUTBOUND}`, { is_webhook_active: false });
		expect(await t.lifecycle('checkExists', 'trigger', 'init')).toBe(false);
		// The options changed: create must apply them.
		await t.lifecycle('create');
		const changed = kit().trigger(postCall({ options: { onlyCompleted: false } }));
		changed.workflow.staticData[`node:${changed.node.name}`] = JSON.parse(
			JSON.stringify(t.nodeStaticData()),
		);
		expect(await changed.lifecycle('checkExists', 'trigger', 'init')).toBe(false);
	});

	it('fails clearly for an assistant that is not in the account', async () => {
		const t = kit().trigger({
			assistantId: byId(SEED.bob.outboundAssistantId),
			event: 'callCompleted',
		});
		await expect(t.lifecycle('create')).rejects.toThrow(
			`Assistant #${SEED.bob.outboundAssistantId} was not found in this Famulor account`,
		);
		expect((await kit().requests()).filter((r) => r.method !== 'GET')).toEqual([]);
	});

	it('refuses an assistant ID that is not written plainly (hex would read as #102) and sends nothing', async () => {
		const t = kit().trigger({
			assistantId: { __rl: true, mode: 'id', value: '0x66' },
			event: 'callCompleted',
		});
		await expect(t.lifecycle('create')).rejects.toThrow(
			'Parameter "Assistant" must be a numeric assistant ID, got "0x66"',
		);
		expect(await kit().requests()).toEqual([]);
	});
});

describe('deliveries', () => {
	it('a call ended through the sandbox reaches the trigger, which emits the payload as one item', async () => {
		const t = kit().trigger(postCall({ options: { includeRecording: true } }));
		await t.lifecycle('create');
		const { callId, deliveries } = await kit().endCall(OUTBOUND, {
			transcript: 'Assistant: Guten Tag\nCustomer: Hallo',
			extracted_variables: { customer_name: 'Max', interested: true, budget: 5000 },
			duration: 95,
		});
		expect(deliveries).toEqual([
			expect.objectContaining({ kind: 'post_call', status: 200, attempt: 1 }),
		]);
		expect(kit().deliveries).toHaveLength(1);
		const [item] = kit().deliveries[0].emitted;
		expect(kit().deliveries[0].emitted).toHaveLength(1);
		expect(item).toEqual({
			id: callId,
			customer_phone: '+4917612345678',
			assistant_phone: expect.stringMatching(/^\+\d+$/),
			duration: 95,
			status: 'completed',
			extracted_variables: { customer_name: 'Max', interested: true, budget: 5000 },
			input_variables: {},
			transcript: 'Assistant: Guten Tag\nCustomer: Hallo',
			recording_url: `https://recordings.famulor.de/sandbox/${callId}.mp3`,
			created_at: expect.any(String),
			finished_at: expect.any(String),
			lead: null,
			campaign: null,
		});
		expect(item).toEqual(deliveries[0].payload);
	});

	it('a forged delivery (wrong, missing or differently sized secret) gets 401 and starts nothing', async () => {
		const t = kit().trigger(postCall());
		await t.lifecycle('create');
		const secret = t.secret();
		const forged = { id: 999, status: 'completed' };
		const wrong = secret.slice(0, -1) + (secret.endsWith('0') ? '1' : '0');
		expect(await kit().post(`${t.productionUrl}?secret=${wrong}`, forged)).toBe(401);
		expect(await kit().post(t.productionUrl, forged)).toBe(401);
		expect(await kit().post(`${t.productionUrl}?secret=${secret}00`, forged)).toBe(401);
		expect(kit().deliveries.map((d) => d.status)).toEqual([401, 401, 401]);
		expect(kit().deliveries.flatMap((d) => d.emitted)).toEqual([]);
		expect(
			kit().deliveries.every(
				(d) => d.result.noWebhookResponse === true && d.result.workflowData === undefined,
			),
		).toBe(true);
	});

	it('a delivery before any activation (no secret stored) is refused', async () => {
		const t = kit().trigger(postCall());
		expect(await kit().post(`${t.productionUrl}?secret=`, { id: 1 })).toBe(401);
		expect(kit().deliveries[0].emitted).toEqual([]);
	});

	it('a delivery the service retries after a lost answer starts one execution only (postCallRetries)', async () => {
		// the docs show no post-call retries: a sandbox of its own with the option on
		// a retry a minute later: the test moves the sandbox's clock there, no real timer gets that far
		const retrying = await startTriggerKit([60_000], ['postCallRetries']);
		try {
			const t = retrying.trigger(postCall());
			await t.lifecycle('create');
			retrying.loseAnswers = 1;
			const { callId } = await retrying.endCall(OUTBOUND);
			expect(await retrying.webhookLog(callId)).toHaveLength(1);
			await retrying.ctl('POST', '/clock/advance', { ms: 60_000 });
			const log = await retrying.webhookLog(callId);
			expect(log.map((entry) => [entry.attempt, entry.status])).toEqual([
				[1, 500],
				[2, 200],
			]);
			expect(retrying.deliveries.map((d) => d.emitted.length)).toEqual([1, 0]);
			expect(retrying.deliveries[1].result.webhookResponse).toEqual({
				received: true,
				duplicate: true,
			});
		} finally {
			await retrying.stop();
		}
	});

	it('a duplicate of the same call id emits once, another call still emits', async () => {
		const t = kit().trigger(postCall());
		await t.lifecycle('create');
		const url = t.signedUrl();
		expect(await kit().post(url, { id: 480001, status: 'completed' })).toBe(200);
		expect(await kit().post(url, { id: 480001, status: 'completed' })).toBe(200);
		expect(await kit().post(url, { id: 480002, status: 'completed' })).toBe(200);
		expect(kit().deliveries.map((d) => d.emitted.map((item) => item.id))).toEqual([
			[480001],
			[],
			[480002],
		]);
	});
});

describe('deactivation', () => {
	it('removes the registration and clears the static data; later calls deliver nothing', async () => {
		const t = kit().trigger(postCall());
		await t.lifecycle('create');
		await kit().ctl('DELETE', '/requests');
		expect(await t.lifecycle('delete', 'internal', 'update')).toBe(true);

		const assistant = await kit().assistant(OUTBOUND);
		expect(assistant.webhook_url).toBeNull();
		expect(assistant.is_webhook_active).toBe(false);
		const writes = (await kit().requests()).filter((r) => r.method !== 'GET');
		expect(writes).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/api/user/assistants/disable-webhook',
				body: { assistant_id: OUTBOUND },
				status: 200,
			}),
		]);
		expect(t.nodeStaticData()).toEqual({});

		const { deliveries } = await kit().endCall(OUTBOUND);
		expect(deliveries).toEqual([]);
		expect(kit().deliveries).toEqual([]);
	});

	it('does not remove a webhook that someone else set after activation', async () => {
		const t = kit().trigger(postCall());
		await t.lifecycle('create');
		await kit().api('PUT', `/api/user/assistant/${OUTBOUND}`, {
			is_webhook_active: true,
			webhook_url: 'https://crm.example.com/famulor',
		});
		await kit().ctl('DELETE', '/requests');
		expect(await t.lifecycle('delete', 'internal', 'update')).toBe(true);
		expect((await kit().requests()).filter((r) => r.method !== 'GET')).toEqual([]);
		expect((await kit().assistant(OUTBOUND)).webhook_url).toBe('https://crm.example.com/famulor');
		expect(t.nodeStaticData()).toEqual({});
	});

	it('a failed removal is reported and keeps the static data, so a later activation re-adopts the registration', async () => {
		const t = kit().trigger(postCall());
		await t.lifecycle('create');
		const secret = t.secret();
		await kit().ctl('POST', '/faults', {
			method: 'POST',
			path: '/api/user/assistants/disable-webhook',
			kind: 500,
			count: 10,
		});
		try {
			const removals: Array<Driven<boolean>> = [];
			for (let i = 0; i < 2; i++)
				removals.push(await drivingTimers(() => t.lifecycle('delete', 'internal', 'update')));
			// Each removal tries the disabling again after each backoff, as many times as allowed.
			for (const { waitsMs } of removals) expectBackoffs(waitsMs);
			expect(() => settledValue(removals[0].result)).toThrow(
				`Removing the post-call webhook of assistant #${OUTBOUND} failed: Famulor answered 500 (`,
			);
			expect(() => settledValue(removals[1].result)).toThrow('unpublish again in a few minutes');
		} finally {
			await kit().ctl('DELETE', '/faults');
		}
		expect(t.secret()).toBe(secret);
		expect(await t.lifecycle('checkExists', 'trigger', 'init')).toBe(true);
	});

	it('a transient failure of the removal is retried (disabling twice has one effect)', async () => {
		const t = kit().trigger(postCall());
		await t.lifecycle('create');
		await kit().ctl('POST', '/faults', {
			method: 'POST',
			path: '/api/user/assistants/disable-webhook',
			kind: 503,
			count: 1,
		});
		await kit().ctl('DELETE', '/requests');
		const { result, waitsMs } = await drivingTimers(() =>
			t.lifecycle('delete', 'internal', 'update'),
		);
		expect(settledValue(result)).toBe(true);
		expectBackoffs(waitsMs, 1);
		const disables = (await kit().requests()).filter(
			(r) => r.path === '/api/user/assistants/disable-webhook',
		);
		expect(disables.map((r) => r.status)).toEqual([503, 200]);
		expect((await kit().assistant(OUTBOUND)).webhook_url).toBeNull();
	});

	it('without a registration of its own, delete sends nothing', async () => {
		await kit().api('PUT', `/api/user/assistant/${OUTBOUND}`, {
			is_webhook_active: true,
			webhook_url: 'https://crm.example.com/famulor',
		});
		const t = kit().trigger(postCall());
		await kit().ctl('DELETE', '/requests');
		expect(await t.lifecycle('delete', 'internal', 'update')).toBe(true);
		expect(await kit().requests()).toEqual([]);
		expect((await kit().assistant(OUTBOUND)).webhook_url).toBe('https://crm.example.com/famulor');
	});
});

describe('an assistant with a foreign webhook', () => {
	const foreign = 'https://crm.example.com/hooks/famulor?token=crm-secret-value';

	beforeEach(async () => {
		await kit().api('PUT', `/api/user/assistant/${OUTBOUND}`, {
			is_webhook_active: true,
			webhook_url: foreign,
		});
		await kit().ctl('DELETE', '/requests');
	});

	it('activation fails with a message naming that URL, and nothing is changed', async () => {
		const t = kit().trigger(postCall());
		const error = await t.lifecycle('create').then(
			() => undefined,
			(e: unknown) => e as { name: string; message: string; description?: string },
		);
		// n8n (2.40+) does not try a "webhook path taken" error again: refused at the first read.
		expect(error?.name).toBe('WebhookPathTakenError');
		// n8n shows only the message: it names the URL, that it is not this n8n, and the ways out.
		expect(error?.message).toBe(
			`Assistant "Sales Outreach" (#${OUTBOUND}) already sends its post-call webhook to https://crm.example.com/hooks/famulor?…, which is not this n8n: ` +
				'remove that webhook in Famulor, then try again; or turn on the option "Replace Existing Webhook" to take it over (it is put back when this workflow is unpublished)',
		);
		expect(error?.message).not.toContain('crm-secret-value');
		expect((await kit().requests()).filter((r) => r.method !== 'GET')).toEqual([]);
		expect((await kit().assistant(OUTBOUND)).webhook_url).toBe(foreign);
		expect(t.nodeStaticData()).toEqual({});
	});

	it.each([
		[
			'published',
			'webhook',
			'another trigger of this n8n (webhook ID 7c1e0d2a-0000-4000-8000-00000000abcd), published: unpublish the workflow it belongs to, then try again',
		],
		[
			'listening for a test event',
			'webhook-test',
			'the test URL of another trigger of this n8n (webhook ID 7c1e0d2a-0000-4000-8000-00000000abcd): stop its "Test this trigger", then try again',
		],
	])(
		'a URL of another trigger of this n8n (%s) is named as such, with the way to free it',
		async (_state, endpoint, said) => {
			const t = kit().trigger(postCall());
			const heldBy = `${new URL(t.productionUrl).origin}/${endpoint}/7c1e0d2a-0000-4000-8000-00000000abcd/webhook`;
			await kit().api('PUT', `/api/user/assistant/${OUTBOUND}`, { webhook_url: heldBy });
			await expect(t.lifecycle('create')).rejects.toThrow(
				`Assistant "Sales Outreach" (#${OUTBOUND}) already sends its post-call webhook to ${heldBy}, ${said}`,
			);
		},
	);

	it('an inactive but stored foreign URL also blocks activation', async () => {
		await kit().api('PUT', `/api/user/assistant/${OUTBOUND}`, { is_webhook_active: false });
		await expect(kit().trigger(postCall()).lifecycle('create')).rejects.toThrow(
			'already sends its post-call webhook',
		);
	});

	it('with "Replace Existing Webhook" it registers, and unpublishing puts the replaced URL and its flags back', async () => {
		await kit().api('PUT', `/api/user/assistant/${OUTBOUND}`, {
			send_webhook_only_on_completed: false,
			include_recording_in_webhook: false,
		});
		await kit().ctl('DELETE', '/requests');
		const t = kit().trigger(
			postCall({ options: { replaceExisting: true, onlyCompleted: true, includeRecording: true } }),
		);
		expect(await t.lifecycle('create')).toBe(true);
		let assistant = await kit().assistant(OUTBOUND);
		expect(assistant.webhook_url).toBe(t.signedUrl());
		expect([
			assistant.send_webhook_only_on_completed,
			assistant.include_recording_in_webhook,
		]).toEqual([true, true]);
		expect(t.nodeStaticData().registration).toEqual(
			expect.objectContaining({
				replaced: {
					url: foreign,
					flags: {
						is_webhook_active: true,
						send_webhook_only_on_completed: false,
						include_recording_in_webhook: false,
					},
				},
			}),
		);

		await kit().ctl('DELETE', '/requests');
		await t.lifecycle('delete', 'internal', 'update');
		expect((await kit().requests()).filter((r) => r.method !== 'GET')).toEqual([
			expect.objectContaining({
				method: 'PUT',
				path: `/api/user/assistant/${OUTBOUND}`,
				body: {
					webhook_url: foreign,
					is_webhook_active: true,
					send_webhook_only_on_completed: false,
					include_recording_in_webhook: false,
				},
				status: 200,
			}),
		]);
		assistant = await kit().assistant(OUTBOUND);
		expect(assistant.webhook_url).toBe(foreign);
		expect([
			assistant.is_webhook_active,
			assistant.send_webhook_only_on_completed,
			assistant.include_recording_in_webhook,
		]).toEqual([true, false, false]);
		expect(t.nodeStaticData()).toEqual({});
	});

	it('a replaced URL survives a re-registration (options changed) and is still put back', async () => {
		const first = kit().trigger(postCall({ options: { replaceExisting: true } }));
		await first.lifecycle('create');
		const changed = kit().trigger(
			postCall({ options: { replaceExisting: true, onlyCompleted: false } }),
		);
		changed.workflow.staticData[`node:${changed.node.name}`] = JSON.parse(
			JSON.stringify(first.nodeStaticData()),
		);
		expect(await changed.lifecycle('checkExists', 'trigger', 'init')).toBe(false);
		await changed.lifecycle('create');
		await changed.lifecycle('delete', 'internal', 'update');
		expect((await kit().assistant(OUTBOUND)).webhook_url).toBe(foreign);
	});

	it('a replaced URL is not put back once the assistant no longer sends to the trigger', async () => {
		const t = kit().trigger(postCall({ options: { replaceExisting: true } }));
		await t.lifecycle('create');
		await kit().api('PUT', `/api/user/assistant/${OUTBOUND}`, {
			webhook_url: 'https://erp.example.com/new-owner',
		});
		await kit().ctl('DELETE', '/requests');
		await t.lifecycle('delete', 'internal', 'update');
		expect((await kit().requests()).filter((r) => r.method !== 'GET')).toEqual([]);
		expect((await kit().assistant(OUTBOUND)).webhook_url).toBe('https://erp.example.com/new-owner');
	});

	it('a registration of an older version (replaced URL without flags) is removed, not restored half', async () => {
		const t = kit().trigger(postCall({ options: { replaceExisting: true } }));
		await t.lifecycle('create');
		const registration = t.nodeStaticData().registration as IDataObject;
		t.nodeStaticData().registration = {
			assistantId: registration.assistantId,
			event: registration.event,
			url: registration.url,
			replacedUrl: foreign,
		};
		await t.lifecycle('delete', 'internal', 'update');
		const assistant = await kit().assistant(OUTBOUND);
		expect(assistant.webhook_url).toBeNull();
		expect(assistant.is_webhook_active).toBe(false);
	});

	it('a stale registration of this same node (static data lost) is its own and is replaced without the option', async () => {
		const t = kit().trigger(postCall());
		await kit().api('PUT', `/api/user/assistant/${OUTBOUND}`, {
			webhook_url: `${t.productionUrl}?secret=${'a'.repeat(48)}`,
		});
		expect(await t.lifecycle('checkExists', 'trigger', 'init')).toBe(false);
		expect(await t.lifecycle('create')).toBe(true);
		expect((await kit().assistant(OUTBOUND)).webhook_url).toBe(t.signedUrl());
	});
});

describe('test mode ("listen for test event")', () => {
	it('registers the test URL, receives there, and is removed afterwards', async () => {
		const t = kit().trigger(postCall());
		t.useTestUrl();
		expect(await t.lifecycle('checkExists', 'manual', 'manual')).toBe(false);
		await t.lifecycle('create', 'manual', 'manual');
		expect((await kit().assistant(OUTBOUND)).webhook_url).toBe(t.signedUrl('test'));
		const { callId } = await kit().endCall(OUTBOUND);
		expect(kit().deliveries).toEqual([
			expect.objectContaining({ path: new URL(t.testUrl).pathname, status: 200 }),
		]);
		expect(kit().deliveries[0].emitted[0].id).toBe(callId);
		await t.lifecycle('delete', 'internal', 'update');
		expect((await kit().assistant(OUTBOUND)).webhook_url).toBeNull();
	});

	it('refuses to take over the production registration of the same node, explaining why', async () => {
		const production = kit().trigger(postCall());
		await production.lifecycle('create');
		const editor = kit().trigger(postCall());
		editor.useTestUrl();
		const error = await editor.lifecycle('create', 'manual', 'manual').then(
			() => undefined,
			(e: unknown) => e as { message: string; description?: string },
		);
		expect(error?.message).toBe(
			'This workflow is published, so assistant "Sales Outreach" (#102) sends its post-call webhook to the published trigger: ' +
				'unpublish the workflow to test this trigger (an assistant sends each webhook to one URL only), then publish it again afterwards',
		);
		expect((await kit().assistant(OUTBOUND)).webhook_url).toBe(production.signedUrl());
	});
});

describe('publishing while "Test this trigger" is listening', () => {
	it('says to stop listening first, and changes nothing', async () => {
		const editor = kit().trigger(postCall());
		editor.useTestUrl();
		await editor.lifecycle('create', 'manual', 'manual');
		await kit().ctl('DELETE', '/requests');
		const error = await kit()
			.trigger(postCall())
			.lifecycle('create')
			.then(
				() => undefined,
				(e: unknown) => e as { message: string },
			);
		expect(error?.message).toBe(
			'Assistant "Sales Outreach" (#102) sends its post-call webhook to this trigger\'s test URL ("Test this trigger" is listening): stop listening, then publish again',
		);
		expect((await kit().requests()).filter((r) => r.method !== 'GET')).toEqual([]);
		expect((await kit().assistant(OUTBOUND)).webhook_url).toBe(editor.signedUrl('test'));
	});
});

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
