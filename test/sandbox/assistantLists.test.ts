/** The assistant reads: the languages, the outbound subset and the full paginated list. */
import { useSandbox } from './helpers';

const c = useSandbox();

describe('languages, outbound, list', () => {
	it('lists languages as a bare array with iso_2', async () => {
		const r = await c.get('/api/user/assistants/languages');
		expect(r.status).toBe(200);
		expect(r.json).toHaveLength(10);
		expect(r.json[0]).toEqual({ id: 1, name: 'English', iso_2: 'en' });
		expect(r.json[9]).toEqual({ id: 10, name: 'Danish', iso_2: 'da' });
	});
	it('lists outbound assistants as a bare array of the subset', async () => {
		const r = await c.get('/api/user/assistants/outbound');
		expect(r.status).toBe(200);
		expect(Array.isArray(r.json)).toBe(true);
		expect(r.json.map((a: any) => a.id)).toEqual([102, 103]);
		expect(Object.keys(r.json[0]).sort()).toEqual(
			[
				'id',
				'user_id',
				'name',
				'type',
				'mode',
				'status',
				'voice_id',
				'language_id',
				'timezone',
				'initial_message',
				'system_prompt',
				'variables',
				'webhook_url',
				'is_webhook_active',
				'created_at',
				'updated_at',
			].sort(),
		);
		const bob = await c.get('/api/user/assistants/outbound', 'bob');
		expect(bob.json.map((a: any) => a.id)).toEqual([201]);
	});
	it('lists full records with page numbers and stored names', async () => {
		const r = await c.get('/api/user/assistants/get?per_page=2&page=2');
		expect(r.status).toBe(200);
		expect(r.json).toMatchObject({ current_page: 2, per_page: 2, total: 4, last_page: 2 });
		expect(r.json.data.map((a: any) => a.id)).toEqual([103, 104]);
		const first = (await c.get('/api/user/assistants/get')).json;
		expect(first.per_page).toBe(10);
		const a = first.data[0];
		expect(a).toMatchObject({
			id: 101,
			name: 'Support Hotline',
			language: 'en',
			type: 'inbound',
			fillers: 1,
			end_call_on_voicemail: 1,
			phone_number_id: 11,
		});
		// the documented list shows built-in tools only; 101's mid-call tools 31 and 33 are not in it
		expect(a.tools).toEqual([]);
		expect(a).not.toHaveProperty('tool_ids');
		expect(typeof a.llm_temperature).toBe('string');
		expect(typeof a.speech_speed).toBe('string');
		expect(a).toHaveProperty('max_duration', 600);
		expect(a).toHaveProperty('reengagement_interval', 30);
		expect(a).toHaveProperty('enable_noise_cancellation', true);
		expect(a).toHaveProperty('record', false);
		expect(a.post_call_schema[2]).toEqual({
			name: 'resolved',
			type: 'boolean',
			description: 'Whether the issue was resolved',
		});
		expect(a.filler_config).toEqual({ enabled: true, phrases: [] });
		expect(a.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
	});
	it('validates per_page and page', async () => {
		for (const q of ['per_page=0', 'per_page=101', 'per_page=abc']) {
			const r = await c.get(`/api/user/assistants/get?${q}`);
			expect(r.status).toBe(422);
			expect(Object.keys(r.json.errors)).toEqual(['per_page']);
		}
		const r = await c.get('/api/user/assistants/get?page=0');
		expect(r.status).toBe(422);
		expect(r.json.errors.page).toBeDefined();
		expect((await c.get('/api/user/assistants/get?per_page=100')).status).toBe(200);
	});
});
