import { boot, expectAnswer, expectInvalidFields, placeCall } from './helpers';
import { activatePostCall, useWebhookSandbox } from './receiver';

const w = useWebhookSandbox({
	callDurationMs: 5000,
});

/** Numbers make_call refuses: no plus, a leading zero, too short, too long, spaces. */
const NOT_E164 = ['017612345678', '+0123456789', '+12345', '+1234567890123456', '+49 176 1234567'];

describe('make_call', () => {
	it('initiates a call', async () => {
		const r = await w.c.post('/api/user/make_call', {
			phone_number: '+4917612345678',
			assistant_id: 102,
			variables: { customer_name: 'Max', email: 'max@example.com' },
		});
		expectAnswer(r, 200, {
			message: 'Call initiated successfully',
			call_id: expect.any(Number),
			status: 'initiated',
		});
	});
	it('400 for a non-E.164 number', async () => {
		for (const phone of NOT_E164) {
			const r = await w.c.post('/api/user/make_call', { phone_number: phone, assistant_id: 102 });
			expectAnswer(r, 400, {
				message: 'Invalid phone number format. Please use E.164 format (e.g. +1234567890)',
			});
		}
	});
	it("404 for bob's or a missing assistant", async () => {
		for (const id of [201, 99999]) {
			const r = await w.c.post('/api/user/make_call', {
				phone_number: '+4917612345678',
				assistant_id: id,
			});
			expectAnswer(r, 404, {
				message: 'Assistant not found or does not belong to the authenticated user',
			});
		}
	});
	it('422 for insufficient balance (message only)', async () => {
		await w.c.ctl('POST', '/users/alice/balance', { balance: 0 });
		const r = await w.c.post('/api/user/make_call', {
			phone_number: '+4917612345678',
			assistant_id: 102,
		});
		expectAnswer(r, 422, {
			message: 'Insufficient balance to make call. Please top up your account.',
		});
	});
	it('422 for missing fields', async () => {
		const r = await w.c.post('/api/user/make_call', { variables: [] });
		expectInvalidFields(r, ['assistant_id', 'phone_number', 'variables']);
	});
});

describe('call lifecycle and post-call webhook', () => {
	it('ends by itself after callDurationMs and POSTs the §2.1 payload', async () => {
		await activatePostCall(w, 102);
		const r = await w.c.post('/api/user/make_call', {
			phone_number: '+4917612345678',
			assistant_id: 102,
			variables: { customer_name: 'Max' },
		});
		const id = r.json.call_id;
		await w.c.advance(4999);
		expect(w.hook.received).toHaveLength(0);
		await w.c.advance(1);
		expect(w.hook.received).toHaveLength(1);
		const p = w.hook.received[0].body;
		expect(w.hook.received[0].path).toBe('/post-call');
		expect(Object.keys(p).sort()).toEqual(
			[
				'id',
				'customer_phone',
				'assistant_phone',
				'duration',
				'status',
				'extracted_variables',
				'input_variables',
				'transcript',
				'recording_url',
				'created_at',
				'finished_at',
				'lead',
				'campaign',
			].sort(),
		);
		expect(p).toMatchObject({
			id,
			customer_phone: '+4917612345678',
			assistant_phone: '+493012345670',
			duration: 5,
			status: 'completed',
			input_variables: { customer_name: 'Max' },
			lead: null,
			campaign: null,
			extracted_variables: {
				customer_name: expect.any(String),
				interested: expect.any(Boolean),
				budget: expect.any(Number),
			},
			recording_url: expect.stringContaining(String(id)),
		});
		expect(typeof p.transcript).toBe('string');
		const calls = (await w.c.ctl('GET', '/calls')).json;
		expect(calls.find((x: any) => x.id === id).status).toBe('completed');
		const log = (await w.c.ctl('GET', '/webhooks')).json;
		expect(log).toEqual([
			expect.objectContaining({
				callId: id,
				attempt: 1,
				status: 200,
				url: `${w.hook.url}/post-call`,
			}),
		]);
	});
	it('ends via control with chosen values; omits recording when include_recording_in_webhook is false', async () => {
		await activatePostCall(w, 102, { include_recording_in_webhook: false });
		const id = await placeCall(w.c);
		const r = await w.c.ctl('POST', `/calls/${id}/end`, {
			status: 'completed',
			transcript: 'Assistant: Hi\nCustomer: Bye',
			extracted_variables: { interested: false },
			duration: 42,
		});
		expect(r.status).toBe(200);
		expect(w.hook.received).toHaveLength(1);
		expect(w.hook.received[0].body).toMatchObject({
			status: 'completed',
			transcript: 'Assistant: Hi\nCustomer: Bye',
			extracted_variables: { interested: false },
			duration: 42,
			recording_url: null,
		});
		expect(w.hook.received[0].body.input_variables).toEqual({});
		const again = await w.c.ctl('POST', `/calls/${id}/end`, { status: 'busy' });
		expect(again.status).toBe(409);
		await w.c.advance(10000);
		expect(w.hook.received).toHaveLength(1);
	});
	it('honours send_webhook_only_on_completed', async () => {
		await activatePostCall(w, 102);
		const a = await placeCall(w.c);
		await w.c.ctl('POST', `/calls/${a}/end`, { status: 'busy' });
		expect(w.hook.received).toHaveLength(0);
		await w.c.put('/api/user/assistant/102', { send_webhook_only_on_completed: false });
		const b = await placeCall(w.c);
		await w.c.ctl('POST', `/calls/${b}/end`, { status: 'no-answer' });
		expect(w.hook.received).toHaveLength(1);
		expect(w.hook.received[0].body).toMatchObject({
			id: b,
			status: 'no-answer',
			recording_url: null,
		});
	});
	it('sends nothing when the webhook is inactive or disabled', async () => {
		const a = await placeCall(w.c);
		await activatePostCall(w, 102);
		await w.c.post('/api/user/assistants/disable-webhook', { assistant_id: 102 });
		await w.c.ctl('POST', `/calls/${a}/end`, { status: 'completed' });
		expect(w.hook.received).toHaveLength(0);
		expect((await w.c.ctl('GET', '/webhooks')).json).toEqual([]);
	});
	it('sends a failed post-call webhook once: the docs show no retries (postCallRetries.test.ts)', async () => {
		await activatePostCall(w, 102);
		w.hook.script = [500];
		const id = await placeCall(w.c);
		await w.c.ctl('POST', `/calls/${id}/end`, { status: 'completed' });
		await w.c.advance(60_000);
		expect(w.hook.received).toHaveLength(1);
		const log = (await w.c.ctl('GET', `/webhooks?callId=${id}`)).json;
		expect(log.map((e: any) => [e.attempt, e.status])).toEqual([[1, 500]]);
	});
	it('callDurationMs 0 leaves calls running until ended via controls', async () => {
		const c2 = await boot({ callDurationMs: 0 });
		try {
			const id = await placeCall(c2);
			await c2.advance(3_600_000);
			expect((await c2.ctl('GET', '/calls')).json.find((x: any) => x.id === id).status).toBe(
				'initiated',
			);
		} finally {
			await c2.sb.stop();
		}
	});
});

describe('inbound calls', () => {
	const enableInbound = async () =>
		await w.c.post('/api/user/assistants/enable-inbound-webhook', {
			assistant_id: 101,
			webhook_url: `${w.hook.url}/inbound`,
		});

	it('an arriving call reaches inbound_webhook_url once, before it is answered; its end goes to the post-call url only', async () => {
		await enableInbound();
		await activatePostCall(w, 101);
		const arrived = await w.c.ctl('POST', '/calls/incoming', {
			assistant_id: 101,
			customer_phone: '+4917611112222',
		});
		const callId = arrived.json.call.id as number;
		expect(w.hook.received.map((h) => h.path)).toEqual(['/inbound']);
		await w.c.advance(5000);
		expect(w.hook.received.map((h) => h.path)).toEqual(['/inbound', '/post-call']);
		expect(w.hook.received[1].body).toMatchObject({ id: callId, status: 'completed' });
		const log = (await w.c.ctl('GET', `/webhooks?callId=${callId}`)).json;
		expect(log.map((e: any) => e.kind)).toEqual(['inbound', 'post_call']);
	});
	it('a finished inbound call goes to the post-call url with its extracted variables, not to the inbound url', async () => {
		await enableInbound();
		await activatePostCall(w, 101);
		for (const status of ['completed', 'failed'])
			await w.c.ctl('POST', '/calls/inbound', {
				assistant_id: 101,
				customer_phone: '+4917611112222',
				status,
				extracted_variables: { summary: 'Asked about order', order_number: 'A-1', resolved: true },
			});
		expect(w.hook.received.map((h) => h.path)).toEqual(['/post-call']);
		expect(w.hook.received[0].body).toMatchObject({
			customer_phone: '+4917611112222',
			assistant_phone: '+14155550101',
			status: 'completed',
			extracted_variables: { summary: 'Asked about order', order_number: 'A-1', resolved: true },
		});
	});
	it('generates extracted variables from post_call_schema when none are given', async () => {
		await activatePostCall(w, 101);
		await w.c.ctl('POST', '/calls/inbound', {
			assistant_id: 101,
			customer_phone: '+4917611112222',
		});
		expect(w.hook.received[0].body.extracted_variables).toEqual({
			summary: expect.any(String),
			order_number: expect.any(String),
			resolved: true,
		});
	});
});
