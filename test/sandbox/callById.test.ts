/** One call by its ID: GET /api/user/calls/{id} and DELETE /api/user/calls/{call}. */
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { SEED } from '../../sandbox';
import { CALL_FIELDS, useCallsSandbox } from './callsKit';
import { boot, expectAnswer } from './helpers';

const { c, allCalls, listed } = useCallsSandbox();

describe('GET /api/user/calls/{id}', () => {
	it('answers the bare call with transcript turns, evaluation, costs as 8-decimal strings and the recording', async () => {
		const r = await c.get(`/api/user/calls/${SEED.alice.completedCallId}`);
		expect(r.status).toBe(200);
		expect(Object.keys(r.json).sort()).toEqual(CALL_FIELDS);
		expect(r.json).toMatchObject({
			id: SEED.alice.completedCallId,
			assistant_name: 'Sales Outreach',
			campaign_name: null,
			type: 'outbound',
			duration: 180,
			assistant_phone_number: '+493012345670',
			status: 'completed',
			answered_by: expect.stringMatching(/^(human|machine)$/),
			recording_url: `https://recordings.famulor.de/sandbox/${SEED.alice.completedCallId}.mp3`,
			created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
			carrier_cost: '0.06000000',
			total_cost: '0.27000000',
		});
		expect(r.json.transcript[0]).toEqual({
			text: 'Guten Tag, hier ist Lisa von Example.',
			type: 'transcript',
			sender: 'bot',
			timestamp: expect.any(Number),
		});
		expect(r.json.transcript[1]).toMatchObject({ sender: 'human' });
		expect(r.json.transcript[1].timestamp).toBeGreaterThan(r.json.transcript[0].timestamp);
		expect(r.json.evaluation.map((item: { name: string }) => item.name)).toEqual([
			'status',
			'summary',
			'customer_name',
			'interested',
			'budget',
		]);
		expect(r.json.evaluation).toContainEqual({
			name: 'interested',
			type: 'bool',
			value: expect.any(Boolean),
			description: 'Customer is interested',
		});
		expect(r.json.evaluation).toContainEqual({
			name: 'budget',
			type: 'integer',
			value: expect.any(Number),
			description: 'Budget in EUR',
		});
	});

	it('a call that was not answered has no transcript, no evaluation, no cost and no recording', async () => {
		const busy = (await listed('status=busy'))[0];
		const r = await c.get(`/api/user/calls/${busy.id}`);
		expect(r.json).toMatchObject({
			transcript: [],
			evaluation: [],
			carrier_cost: '0.00000000',
			total_cost: '0.00000000',
			answered_by: null,
			recording_url: null,
			duration: 0,
		});
	});

	it('404 {message:"Call not found"} for a foreign, unknown or malformed id', async () => {
		for (const path of [
			`/api/user/calls/${SEED.bob.callIds[0]}`,
			'/api/user/calls/999',
			'/api/user/calls/abc',
		]) {
			const r = await c.get(path);
			expectAnswer(r, 404, { message: 'Call not found' });
		}
	});

	it('a call ended in the sandbox is billed, answered by a human, and keeps the post-call endpoint’s JSON answer', async () => {
		const answers: string[] = ['{"crm_id":"C-77","stored":true}'];
		const server: Server = createServer((req, res) => {
			req.resume();
			req.on('end', () => res.end(answers.shift() ?? 'ok'));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
			await c.put(`/api/user/assistant/${SEED.alice.outboundAssistantId}`, {
				is_webhook_active: true,
				webhook_url: url,
			});
			const before = (await c.get('/api/user/me')).json.total_balance;
			const made = await c.post('/api/user/make_call', {
				phone_number: '+4917612345678',
				assistant_id: SEED.alice.outboundAssistantId,
				variables: { customer_name: 'Max' },
			});
			const id = made.json.call_id;
			const initiated = (await c.get(`/api/user/calls/${id}`)).json;
			expect(initiated).toMatchObject({
				status: 'initiated',
				transcript: [],
				evaluation: [],
				total_cost: '0.00000000',
				answered_by: null,
				webhook_response: null,
			});
			await c.ctl('POST', `/calls/${id}/end`, { status: 'completed', duration: 120 });
			const ended = (await c.get(`/api/user/calls/${id}`)).json;
			expect(ended).toMatchObject({
				status: 'completed',
				duration: 120,
				answered_by: 'human',
				carrier_cost: '0.04000000',
				total_cost: '0.18000000',
				variables: { customer_name: 'Max' },
			});
			expect(ended.webhook_response).toEqual({ crm_id: 'C-77', stored: true });
			expect((await c.get('/api/user/me')).json.total_balance).toBeCloseTo(before - 0.18, 4);
		} finally {
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	});

	it('empty call variables come as [] (a PHP empty array)', async () => {
		const made = await c.post('/api/user/make_call', {
			phone_number: '+4917612345678',
			assistant_id: SEED.alice.outboundAssistantId,
		});
		expect((await c.get(`/api/user/calls/${made.json.call_id}`)).json.variables).toEqual([]);
	});
});

describe('DELETE /api/user/calls/{call}', () => {
	it('deletes the caller’s call; afterwards it is gone from get and list, and a second delete is 404', async () => {
		const id = SEED.alice.completedCallId;
		const r = await c.req('DELETE', `/api/user/calls/${id}`);
		expectAnswer(r, 200, { message: 'Call deleted successfully' });
		expect((await c.get(`/api/user/calls/${id}`)).status).toBe(404);
		expect((await allCalls()).map((call) => call.id)).not.toContain(id);
		const again = await c.req('DELETE', `/api/user/calls/${id}`);
		expectAnswer(again, 404, {
			message: 'Call not found or does not belong to the authenticated user',
		});
	});

	it('404 for another user’s call, which stays', async () => {
		const foreign = SEED.bob.callIds[0];
		const r = await c.req('DELETE', `/api/user/calls/${foreign}`);
		expectAnswer(r, 404, {
			message: 'Call not found or does not belong to the authenticated user',
		});
		expect((await c.get(`/api/user/calls/${foreign}`, 'bob')).status).toBe(200);
	});

	it('a running call that is deleted never ends or bills', async () => {
		const c2 = await boot({ callDurationMs: 1000 });
		try {
			const made = await c2.post('/api/user/make_call', {
				phone_number: '+4917612345678',
				assistant_id: SEED.alice.outboundAssistantId,
			});
			expect((await c2.req('DELETE', `/api/user/calls/${made.json.call_id}`)).status).toBe(200);
			const before = (await c2.get('/api/user/me')).json.total_balance;
			await c2.advance(5000);
			expect(
				(await c2.ctl('GET', '/calls')).json.map((call: { id: number }) => call.id),
			).not.toContain(made.json.call_id);
			expect((await c2.get('/api/user/me')).json.total_balance).toBe(before);
		} finally {
			await c2.sb.stop();
		}
	});
});
