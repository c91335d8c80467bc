import { expectAnswer, useSandbox } from './helpers';

const c = useSandbox();

const listed = async (id: number) =>
	(await c.get('/api/user/assistants/get?per_page=100')).json.data.find(
		(a: { id: number }) => a.id === id,
	);

describe('folders and labels', () => {
	it.each([
		['folder', [91, 92]],
		['label', [95, 96]],
	] as const)('%s: list, create, update, delete, each own', async (noun, ids) => {
		const Title = noun === 'folder' ? 'Folder' : 'Label';
		const list = await c.get(`/api/user/${noun}s`);
		expect(list.json).toMatchObject({ current_page: 1, per_page: 15, total: 2 });
		expect(list.json.data.map((r: { id: number }) => r.id)).toEqual(ids);
		expect(
			(await c.get(`/api/user/${noun}s?per_page=1&page=2`)).json.data.map(
				(r: { id: number }) => r.id,
			),
		).toEqual([ids[1]]);
		const made = await c.post(`/api/user/${noun}`, { name: 'New', color: 'teal' });
		expectAnswer(made, 201, {
			message: `${Title} created successfully`,
			data: { id: expect.any(Number), name: 'New', color: 'teal', assistants_count: 0 },
		});
		const dup = await c.post(`/api/user/${noun}`, { name: 'New' });
		expectAnswer(dup, 422, {
			message: 'The name has already been taken.',
			errors: { name: ['The name has already been taken.'] },
		});
		expect((await c.post(`/api/user/${noun}`, { name: 'New' }, 'bob')).status).toBe(201);
		expect(
			(await c.post(`/api/user/${noun}`, { name: 'Bad', color: 'black' })).json.errors.color,
		).toEqual(['The selected color is invalid.']);
		const up = await c.put(`/api/user/${noun}/${made.json.data.id}`, { color: null });
		expect(up.json).toEqual({
			message: `${Title} updated successfully`,
			data: { id: made.json.data.id, name: 'New', color: null, assistants_count: 0 },
		});
		expect(
			(await c.put(`/api/user/${noun}/${noun === 'folder' ? 93 : 97}`, { name: 'x' })).json,
		).toEqual({ message: `${Title} not found` });
		expect((await c.req('DELETE', `/api/user/${noun}/${ids[0]}`)).json).toEqual({
			message: `${Title} deleted successfully`,
		});
		expect((await c.req('DELETE', `/api/user/${noun}/${ids[0]}`)).status).toBe(404);
	});
	it('deleting detaches the assistants, keeping them', async () => {
		expect((await c.get('/api/user/labels')).json.data[0].assistants_count).toBe(2);
		await c.req('DELETE', '/api/user/folder/91');
		await c.req('DELETE', '/api/user/label/95');
		// The stored record: the list page shows neither field.
		expect((await c.ctl('GET', '/state/assistants/102')).json).toMatchObject({
			folder_id: null,
			label_ids: [],
		});
	});
});

describe('mid-call tools', () => {
	const tool = {
		name: 'get_weather',
		description: 'Weather for a city',
		endpoint: 'https://api.example.com/weather/{city}',
		method: 'GET',
		schema: [{ name: 'city', type: 'string', description: 'City name' }],
	};
	it('creates, reads, updates and deletes', async () => {
		const made = await c.post('/api/user/tools', tool);
		expect(made.status).toBe(201);
		expect(made.json.message).toBe('Tool created successfully');
		expect(made.json.data).toMatchObject({ ...tool, timeout: 10, headers: [] });
		const id = made.json.data.id;
		expect((await c.get(`/api/user/tools/${id}`)).json).toMatchObject({ id, name: 'get_weather' });
		expect((await c.get('/api/user/tools')).json.map((t: { id: number }) => t.id)).toEqual([
			31,
			32,
			33,
			id,
		]);
		const up = await c.put(`/api/user/tools/${id}`, {
			timeout: 20,
			headers: [{ name: 'X-Key', value: 'k' }],
		});
		expect(up.json.data).toMatchObject({
			name: 'get_weather',
			timeout: 20,
			headers: [{ name: 'X-Key', value: 'k' }],
		});
		expect((await c.req('DELETE', '/api/user/tools/31')).json).toEqual({
			message: 'Tool deleted successfully',
		});
		// the list does not report mid-call tool IDs (option assistantToolIds): the stored record does
		expect((await listed(101)).tool_ids).toBeUndefined();
		expect((await c.ctl('GET', '/state/assistants/101')).json.tool_ids).toEqual([33]);
		expect((await c.get('/api/user/tools/41')).json).toEqual({ message: 'Tool not found' });
	});
	it('refuses bad names with the documented bodies, and the plan limit', async () => {
		const r = await c.post('/api/user/tools', { ...tool, name: 'Get2' });
		expect(r.status).toBe(422);
		expect(r.json.message).toBe(
			'The name field must contain only lowercase letters and underscores, and start with a letter.',
		);
		const u = await c.put('/api/user/tools/31', { name: 'x1' });
		expect(u.json.message).toBe('Validation failed');
		expect(
			(await c.post('/api/user/tools', { ...tool, method: 'FETCH' })).json.errors.method,
		).toBeDefined();
		expect(
			(
				await c.post('/api/user/tools', {
					...tool,
					schema: [{ name: 'c', type: 'string', description: 'City' }],
				})
			).json.errors['schema.0.name'],
		).toBeDefined();
		await c.post('/api/user/tools', tool);
		await c.post('/api/user/tools', { ...tool, name: 'other' });
		const over = await c.post('/api/user/tools', { ...tool, name: 'sixth' });
		expect(over.json).toEqual({
			message:
				'You have reached your plan limit of 5 mid call tools. Please upgrade your plan to create more tools.',
		});
	});
});

describe('assistant extras', () => {
	it('deletes an own assistant once', async () => {
		expect((await c.req('DELETE', '/api/user/assistant/201')).json).toEqual({
			message: 'Assistant not found or does not belong to the authenticated user',
		});
		expect((await c.req('DELETE', '/api/user/assistant/103')).json).toEqual({
			message: 'Assistant deleted successfully',
		});
		expect(await listed(103)).toBeUndefined();
		expect((await c.req('DELETE', '/api/user/assistant/103')).status).toBe(404);
	});
	it('filters voices by mode and language, models by type, providers by language', async () => {
		expect(
			(await c.get('/api/user/assistants/voices?mode=multimodal')).json.map(
				(v: { id: number }) => v.id,
			),
		).toEqual([1101, 1102]);
		expect(
			(await c.get('/api/user/assistants/voices?mode=dualplex&language_id=5')).json.map(
				(v: { id: number }) => v.id,
			),
		).toEqual([1001, 1002]);
		expect((await c.get('/api/user/assistants/voices?mode=x')).status).toBe(422);
		expect((await c.get('/api/user/assistants/models?type=dualplex')).json).toEqual([
			{ id: 25, name: 'GPT Realtime Dualplex', code: 'gpt-realtime-dualplex' },
		]);
		expect((await c.get('/api/user/assistants/synthesizer-providers?language_id=3')).json).toEqual([
			{ id: 1, name: 'ElevenLabs', code: 'elevenlabs' },
			{ id: 2, name: 'Azure', code: 'azure' },
		]);
		expect((await c.get('/api/user/assistants/transcriber-providers')).json).toHaveLength(3);
	});
	it('lists the numbers an inbound or outbound assistant may use', async () => {
		const outbound = (await c.get('/api/user/assistants/phone-numbers?type=outbound')).json;
		expect(outbound.map((p: { id: number }) => p.id)).toEqual([11, 12, 13]);
		expect(outbound[0]).toEqual({
			id: 11,
			phone_number: '+14155550101',
			country_code: 'US',
			type_label: 'Dedicated Number',
			is_available: false,
		});
		expect(
			(await c.get('/api/user/assistants/phone-numbers?type=inbound')).json.map(
				(p: { id: number }) => p.id,
			),
		).toEqual([12, 13]);
		expect((await c.get('/api/user/assistants/phone-numbers?type=x')).status).toBe(422);
	});
});
