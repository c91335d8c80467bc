/**
 * A post-call trigger on an assistant whose webhook goes elsewhere: activation is refused with the
 * URL, or with "Replace Existing Webhook" the URL is replaced and put back on unpublishing.
 */
import type { IDataObject } from 'n8n-workflow';

import { OUTBOUND, postCall } from './postCallKit';
import { useTriggerKit } from './triggerKit';

const kit = useTriggerKit();

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
