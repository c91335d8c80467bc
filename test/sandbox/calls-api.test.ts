/** Calls list, get and delete, and the assistant webhook switches added beside them. */
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { SEED } from '../../sandbox';
import { boot, expectAnswer, useSandbox } from './helpers';

interface ListedCall {
	id: number;
	type: string;
	status: string;
	assistant_name: string;
	campaign_name: string | null;
	client_phone_number: string | null;
	created_at: string;
}

const c = useSandbox({ callDurationMs: 0 });

/** The statuses the calls list documents, written out here rather than read from the sandbox. */
const DOCUMENTED_CALL_STATUSES = [
	'initiated',
	'ringing',
	'busy',
	'in-progress',
	'ended',
	'completed',
	'ended_by_customer',
	'ended_by_assistant',
	'no-answer',
	'failed',
];

const CALL_FIELDS = [
	'id',
	'assistant_name',
	'campaign_name',
	'type',
	'duration',
	'assistant_phone_number',
	'client_phone_number',
	'status',
	'transcript',
	'variables',
	'evaluation',
	'webhook_response',
	'carrier_cost',
	'total_cost',
	'answered_by',
	'recording_url',
	'created_at',
	'updated_at',
].sort();

/** Every call of alice, newest first, as the list returns them. */
async function allCalls(): Promise<ListedCall[]> {
	const r = await c.get('/api/user/calls?per_page=100');
	expect(r.status).toBe(200);
	expect(r.json.last_page).toBe(1);
	return r.json.data;
}

async function listed(query: string): Promise<ListedCall[]> {
	const r = await c.get(`/api/user/calls?per_page=100&${query}`);
	expect(r.status).toBe(200);
	return r.json.data;
}

describe('GET /api/user/calls', () => {
	it('answers the full Laravel paginator, 15 per page by default, newest first, only the caller’s calls', async () => {
		const r = await c.get('/api/user/calls');
		expect(r.status).toBe(200);
		const path = `${c.sb.url}/api/user/calls`;
		expect(r.json).toEqual({
			current_page: 1,
			data: expect.any(Array),
			first_page_url: `${path}?page=1`,
			from: 1,
			last_page: 2,
			last_page_url: `${path}?page=2`,
			links: [
				{ url: null, label: '&laquo; Previous', active: false },
				{ url: `${path}?page=1`, label: '1', active: true },
				{ url: `${path}?page=2`, label: '2', active: false },
				{ url: `${path}?page=2`, label: 'Next &raquo;', active: false },
			],
			next_page_url: `${path}?page=2`,
			path,
			per_page: 15,
			prev_page_url: null,
			to: 15,
			total: SEED.alice.callIds.length,
		});
		const ids = r.json.data.map((call: ListedCall) => call.id);
		expect(ids).toEqual([...SEED.alice.callIds].reverse().slice(0, 15));
		expect(Object.keys(r.json.data[0]).sort()).toEqual(CALL_FIELDS);
		const bob = await c.get('/api/user/calls', 'bob');
		expect(bob.json.data.map((call: ListedCall) => call.id).sort()).toEqual(SEED.bob.callIds);
	});

	it('pages with page and per_page; a page past the end is empty with from/to null', async () => {
		const all = await allCalls();
		const second = await c.get('/api/user/calls?per_page=7&page=2');
		expect(second.json).toMatchObject({
			current_page: 2,
			per_page: 7,
			from: 8,
			to: 14,
			last_page: 5,
			total: all.length,
		});
		expect(second.json.data.map((call: ListedCall) => call.id)).toEqual(
			all.slice(7, 14).map((call) => call.id),
		);
		expect(second.json.prev_page_url).toBe(`${c.sb.url}/api/user/calls?page=1`);
		const last = await c.get('/api/user/calls?per_page=7&page=5');
		expect(last.json).toMatchObject({ from: 29, to: 30, next_page_url: null });
		const past = await c.get('/api/user/calls?per_page=7&page=9');
		expect(past.json).toMatchObject({
			data: [],
			from: null,
			to: null,
			current_page: 9,
			next_page_url: null,
		});
	});

	it('shows a window of page links with "..." when there are many pages', async () => {
		const r = await c.get('/api/user/calls?per_page=1&page=15');
		const labels = r.json.links.map((link: { label: string }) => link.label);
		expect(labels).toEqual([
			'&laquo; Previous',
			'1',
			'2',
			'...',
			'12',
			'13',
			'14',
			'15',
			'16',
			'17',
			'18',
			'...',
			'29',
			'30',
			'Next &raquo;',
		]);
		expect(r.json.links.find((link: { active: boolean }) => link.active).label).toBe('15');
	});

	it.each([
		['status=busy', (call: ListedCall) => call.status === 'busy'],
		['status=completed', (call: ListedCall) => call.status === 'completed'],
		['type=web', (call: ListedCall) => call.type === 'web'],
		['type=inbound', (call: ListedCall) => call.type === 'inbound'],
		['assistant_id=103', (call: ListedCall) => call.assistant_name === 'Appointment Reminder'],
		[
			`campaign_id=${SEED.alice.campaign.id}`,
			(call: ListedCall) => call.campaign_name === SEED.alice.campaign.name,
		],
		[
			'phone_number=%2B49176111',
			(call: ListedCall) => (call.client_phone_number ?? '').startsWith('+49176111'),
		],
		[
			'type=outbound&status=completed',
			(call: ListedCall) => call.type === 'outbound' && call.status === 'completed',
		],
	])('filters by %s', async (query, keep) => {
		const all = await allCalls();
		const expected = all.filter(keep).map((call) => call.id);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(all.length);
		expect((await listed(query)).map((call) => call.id)).toEqual(expected);
	});

	it('filters by creation day with inclusive date_from and date_to (UTC days)', async () => {
		const all = await allCalls();
		const day = (call: ListedCall) => call.created_at.slice(0, 10);
		const days = [...new Set(all.map(day))].sort();
		const [from, to] = [days[3], days[6]];
		const expected = all
			.filter((call) => day(call) >= from && day(call) <= to)
			.map((call) => call.id);
		expect(expected.length).toBeGreaterThan(1);
		expect((await listed(`date_from=${from}&date_to=${to}`)).map((call) => call.id)).toEqual(
			expected,
		);
		expect(
			(await listed(`date_from=${from}&date_to=${from}`)).every((call) => day(call) === from),
		).toBe(true);
	});

	it('an unknown or foreign assistant or campaign lists nothing', async () => {
		expect(await listed(`assistant_id=${SEED.bob.outboundAssistantId}`)).toEqual([]);
		expect(await listed('campaign_id=999999')).toEqual([]);
	});

	it.each([
		['status=done', 'status', 'The selected status is invalid.'],
		['type=phone', 'type', 'The selected type is invalid.'],
		['assistant_id=abc', 'assistant_id', 'The assistant id must be an integer.'],
		['campaign_id=1.5', 'campaign_id', 'The campaign id must be an integer.'],
		['date_from=15.01.2026', 'date_from', 'The date from does not match the format Y-m-d.'],
		['date_to=2026-02-30', 'date_to', 'The date to does not match the format Y-m-d.'],
		[
			'date_from=2026-03-02&date_to=2026-03-01',
			'date_to',
			'The date to must be a date after or equal to date from.',
		],
		['per_page=0', 'per_page', 'The per page must be between 1 and 100.'],
		['per_page=101', 'per_page', 'The per page must be between 1 and 100.'],
		['page=0', 'page', 'The page must be at least 1.'],
	])('422 for %s', async (query, field, message) => {
		const r = await c.get(`/api/user/calls?${query}`);
		expectAnswer(r, 422, { message, errors: { [field]: [message] } });
	});

	it('every documented status is a valid filter', async () => {
		for (const status of DOCUMENTED_CALL_STATUSES) {
			expect((await c.get(`/api/user/calls?status=${status}`)).status).toBe(200);
		}
	});

	it('lists dates as ISO with Z', async () => {
		const [call] = await allCalls();
		expect(call.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
	});
});

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

describe('assistant webhook switches', () => {
	const stateOf = async (id: number) => (await c.ctl('GET', `/state/assistants/${id}`)).json;

	it('enable-conversation-ended-webhook stores the HTTPS URL; disable clears it', async () => {
		const on = await c.post('/api/user/assistants/enable-conversation-ended-webhook', {
			assistant_id: 104,
			webhook_url: 'https://example.com/chat-ended',
		});
		expectAnswer(on, 200, {
			message: 'Conversation ended webhook enabled successfully',
			data: [],
		});
		expect(await stateOf(104)).toMatchObject({
			conversation_ended_webhook_url: 'https://example.com/chat-ended',
		});
		const off = await c.post('/api/user/assistants/disable-conversation-ended-webhook', {
			assistant_id: 104,
		});
		expect(off.json).toEqual({
			message: 'Conversation ended webhook disabled successfully',
			data: [],
		});
		expect(await stateOf(104)).toMatchObject({ conversation_ended_webhook_url: null });
	});

	it.each(['http://127.0.0.1:5678/webhook/x', 'http://localhost/x', 'http://[::1]:8080/x'])(
		'accepts plain http on loopback (%s)',
		async (url) => {
			const r = await c.post('/api/user/assistants/enable-conversation-ended-webhook', {
				assistant_id: 104,
				webhook_url: url,
			});
			expect(r.status).toBe(200);
			expect(await stateOf(104)).toMatchObject({ conversation_ended_webhook_url: url });
		},
	);

	it.each([
		['http://example.com/x', 'The webhook url must start with one of the following: https://.'],
		['not a url', 'The webhook url must be a valid URL.'],
		[undefined, 'The webhook url field is required.'],
	])('422 for webhook_url %s', async (url, message) => {
		const r = await c.post('/api/user/assistants/enable-conversation-ended-webhook', {
			assistant_id: 104,
			webhook_url: url,
		});
		expectAnswer(r, 422, {
			message: 'The given data was invalid.',
			errors: { webhook_url: [message] },
		});
		expect(await stateOf(104)).toMatchObject({ conversation_ended_webhook_url: null });
	});

	it.each([
		'enable-conversation-ended-webhook',
		'disable-conversation-ended-webhook',
		'disable-inbound-webhook',
	])('%s: 404 for a foreign assistant, 422 without assistant_id', async (name) => {
		const body = { webhook_url: 'https://example.com/x' };
		const foreign = await c.post(`/api/user/assistants/${name}`, {
			...body,
			assistant_id: SEED.bob.outboundAssistantId,
		});
		expectAnswer(foreign, 404, { message: 'Assistant not found' });
		const missing = await c.post(`/api/user/assistants/${name}`, body);
		expectAnswer(missing, 422, {
			message: 'The given data was invalid.',
			errors: { assistant_id: ['The assistant id field is required.'] },
		});
	});

	it('disable-inbound-webhook clears only the inbound URL', async () => {
		await c.post('/api/user/assistants/enable-inbound-webhook', {
			assistant_id: 101,
			webhook_url: 'https://example.com/inbound',
		});
		await c.put('/api/user/assistant/101', {
			is_webhook_active: true,
			webhook_url: 'https://example.com/post-call',
		});
		const r = await c.post('/api/user/assistants/disable-inbound-webhook', { assistant_id: 101 });
		expect(r.json).toEqual({ message: 'Inbound webhook disabled successfully', data: [] });
		expect(await stateOf(101)).toMatchObject({
			inbound_webhook_url: null,
			webhook_url: 'https://example.com/post-call',
			is_webhook_active: true,
		});
	});
});
