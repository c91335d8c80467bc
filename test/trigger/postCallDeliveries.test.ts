/**
 * Post-call deliveries to a published trigger: emitted once, forged ones refused, retries and
 * duplicates.
 */
import { OUTBOUND, postCall } from './postCallKit';
import { startTriggerKit, useTriggerKit } from './triggerKit';

const kit = useTriggerKit();

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
