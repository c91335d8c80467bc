/**
 * GET /api/user/calls: the Laravel paginator, its page links, the filters and the documented
 * statuses.
 */
import { SEED } from '../../sandbox';
import {
	CALL_FIELDS,
	DOCUMENTED_CALL_STATUSES,
	type ListedCall,
	useCallsSandbox,
} from './callsKit';
import { expectAnswer } from './helpers';

const { c, allCalls, listed } = useCallsSandbox();

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
