/** The test URL ("listen for test event") beside the production registration of the same node. */
import { OUTBOUND, postCall } from './postCallKit';
import { useTriggerKit } from './triggerKit';

const kit = useTriggerKit();

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
