/** GET /api/user/conversations: the cursor pages, the four types, the filters and the tenants. */
import { SEED } from '../../sandbox';
import { useSandbox } from './helpers';

const c = useSandbox();

describe('conversations', () => {
	it('lists newest first with default per_page 15 and the Laravel cursor shape', async () => {
		const r = await c.get('/api/user/conversations');
		expect(r.status).toBe(200);
		expect(r.json.per_page).toBe(15);
		expect(r.json.data).toHaveLength(15);
		expect(r.json.path).toBe(`${c.sb.url}/api/user/conversations`);
		expect(r.json.prev_cursor).toBeNull();
		expect(typeof r.json.next_cursor).toBe('string');
		expect(r.json.data[0].created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
	});
	it('walks all pages forward and back without duplicates', async () => {
		const ids: string[] = [];
		let cursor: string | null = null;
		const pages: any[] = [];
		do {
			const r: any = await c.get(
				`/api/user/conversations?per_page=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
			);
			expect(r.status).toBe(200);
			pages.push(r.json);
			ids.push(...r.json.data.map((x: any) => x.id));
			cursor = r.json.next_cursor;
		} while (cursor);
		expect(pages).toHaveLength(6);
		expect(ids).toHaveLength(SEED.alice.conversationCount);
		expect(new Set(ids).size).toBe(ids.length);
		expect(pages[5].data).toHaveLength(5);
		expect(pages[1].prev_cursor).not.toBeNull();
		const back = await c.get(
			`/api/user/conversations?per_page=7&cursor=${encodeURIComponent(pages[2].prev_cursor)}`,
		);
		expect(back.json.data.map((x: any) => x.id)).toEqual(pages[1].data.map((x: any) => x.id));
		const first = await c.get(
			`/api/user/conversations?per_page=7&cursor=${encodeURIComponent(pages[1].prev_cursor)}`,
		);
		expect(first.json.data.map((x: any) => x.id)).toEqual(pages[0].data.map((x: any) => x.id));
		expect(first.json.prev_cursor).toBeNull();
	});
	it('has all four types with their type-specific fields', async () => {
		for (const type of ['test', 'widget', 'whatsapp', 'api']) {
			const r = await c.get(`/api/user/conversations?type=${type}&per_page=100`);
			expect(r.json.data.length).toBe(10);
			for (const conv of r.json.data) {
				expect(conv.type).toBe(type);
				expect(conv.assistant_id).toMatch(/^[0-9a-f-]{36}$/);
				if (type === 'whatsapp') {
					expect(conv.whatsapp_sender).toEqual({
						name: expect.any(String),
						phone: expect.stringMatching(/^\+/),
					});
					expect(conv.customer).toEqual({
						name: expect.any(String),
						phone: expect.stringMatching(/^\+/),
					});
				} else {
					expect(conv).not.toHaveProperty('whatsapp_sender');
				}
				if (type === 'api') expect(typeof conv.external_identifier).toBe('string');
				else expect(conv).not.toHaveProperty('external_identifier');
			}
		}
	});
	it('filters by assistant, customer phone, sender phone and external identifier', async () => {
		const byAssistant = await c.get('/api/user/conversations?assistant_id=104&per_page=100');
		expect(byAssistant.json.data.every((x: any) => x.assistant_name === 'Chat Concierge')).toBe(
			true,
		);
		const phone = encodeURIComponent(SEED.alice.openWindowCustomer.phone);
		const byCustomer = await c.get(`/api/user/conversations?customer_phone=${phone}`);
		expect(byCustomer.json.data).toHaveLength(1);
		expect(byCustomer.json.data[0].customer.name).toBe('Max Miller');
		const bySender = await c.get(
			`/api/user/conversations?whatsapp_sender_phone=${encodeURIComponent('+4915112345672')}&per_page=100`,
		);
		expect(bySender.json.data.length).toBeGreaterThan(0);
		expect(bySender.json.data.every((x: any) => x.whatsapp_sender.phone === '+4915112345672')).toBe(
			true,
		);
		const byExt = await c.get('/api/user/conversations?external_identifier=crm-lead-003');
		expect(byExt.json.data).toHaveLength(1);
	});
	it('rejects bad filters with 422', async () => {
		const cases: Array<[string, string]> = [
			['type=email', 'type'],
			['per_page=0', 'per_page'],
			['per_page=101', 'per_page'],
			['assistant_id=201', 'assistant_id'],
			['assistant_id=x', 'assistant_id'],
			['cursor=not-a-cursor', 'cursor'],
		];
		for (const [q, field] of cases) {
			const r = await c.get(`/api/user/conversations?${q}`);
			expect(r.status).toBe(422);
			expect(Object.keys(r.json.errors)).toEqual([field]);
		}
	});
	it('keeps tenants apart', async () => {
		const bob = await c.get('/api/user/conversations?per_page=100', 'bob');
		expect(bob.json.data).toHaveLength(SEED.bob.conversationCount);
		expect(bob.json.data.every((x: any) => x.assistant_name === 'Bob Outbound')).toBe(true);
	});
	it('bulk-seeds 10,000 conversations and pages through all of them by cursor', async () => {
		const seeded = await c.ctl('POST', '/conversations/seed', { user: 'bob', count: 10000 });
		expect(seeded.json).toMatchObject({ added: 10000, total: 10004 });
		let cursor: string | null = null;
		let n = 0;
		let pages = 0;
		do {
			const r: any = await c.get(
				`/api/user/conversations?per_page=100${cursor ? `&cursor=${cursor}` : ''}`,
				'bob',
			);
			n += r.json.data.length;
			cursor = r.json.next_cursor;
			pages++;
		} while (cursor);
		expect(n).toBe(10004);
		expect(pages).toBe(101);
	});
});
