/**
 * Deactivating a post-call trigger: the registration removed and the static data cleared, a webhook
 * someone else set left alone, and a failed removal reported or retried.
 */
import { OUTBOUND, postCall } from './postCallKit';
import { useTriggerKit } from './triggerKit';
import { drivingTimers, expectBackoffs, settledValue, type Driven } from '../helpers/drivenClock';

const kit = useTriggerKit();

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
