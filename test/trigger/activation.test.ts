/**
 * Activating a post-call trigger: the node URL and a fresh secret on the assistant, checkExists,
 * and the assistants it refuses.
 */
import { SEED } from '../../sandbox';
import { OUTBOUND, postCall } from './postCallKit';
import { byId, useTriggerKit } from './triggerKit';

const kit = useTriggerKit();

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
