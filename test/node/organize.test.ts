import { jsonOf, expectFailedBeforeSending, locator, only, useKit } from './kit';

// Version 2 against the sandbox in current mode.
const kit = useKit({
	api: 'current',
	rateLimits: { generateReply: { limit: 1000, windowMs: 60_000 } },
});
const v2 = { typeVersion: 2 };

describe('version 2 paths', () => {
	it('generate-reply and the SMS-capable list use the current paths', async () => {
		expect(
			(
				await kit().run(
					{
						resource: 'aiReply',
						operation: 'generate',
						assistantId: locator(104),
						customerIdentifier: 'c-1',
						message: 'Hi',
						variables: {},
					},
					v2,
				)
			).error,
		).toBeUndefined();
		const sms = await kit().run(
			{ resource: 'phoneNumber', operation: 'getAllSmsCapable', returnAll: true },
			v2,
		);
		expect(jsonOf(sms).map((p) => p.id)).toEqual([11]);
		expect((await kit().requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /api/user/ai/generate-reply 200',
			'GET /api/user/phone-numbers 200',
		]);
	});
});

describe('Assistant → Delete', () => {
	it("sends DELETE once and outputs the deleted ID with the service's message", async () => {
		const result = await kit().run(
			{ resource: 'assistant', operation: 'delete', assistantId: locator(103) },
			v2,
		);
		expect(jsonOf(result)).toEqual([
			{ id: 103, deleted: true, message: 'Assistant deleted successfully' },
		]);
		expect(only(await kit().requests())).toMatchObject({
			method: 'DELETE',
			path: '/api/user/assistant/103',
			status: 200,
		});
	});
});

describe('Voice and Model → Get Many', () => {
	it('lists voices of one mode and language, and models of one type', async () => {
		const voices = await kit().run(
			{
				resource: 'voice',
				operation: 'getAll',
				returnAll: true,
				filters: { mode: 'dualplex', languageId: 1 },
			},
			v2,
		);
		expect(jsonOf(voices).map((v) => v.id)).toEqual([1003, 1004]);
		const models = await kit().run(
			{
				resource: 'model',
				operation: 'getAll',
				modelType: 'multimodal',
				returnAll: false,
				limit: 1,
			},
			v2,
		);
		expect(jsonOf(models).map((m) => m.id)).toEqual([21]);
		expect((await kit().requests()).map((r) => r.query)).toEqual([
			{ mode: 'dualplex', language_id: '1' },
			{ type: 'multimodal' },
		]);
	});
});

describe('Folder and Label', () => {
	it.each([
		['folder', '/api/user/folder'],
		['label', '/api/user/label'],
	])('%s: create, get many, update, delete', async (resource, itemPath) => {
		const made = await kit().run(
			{ resource, operation: 'create', name: 'Campaign Q3', additionalFields: { color: 'teal' } },
			v2,
		);
		const id = jsonOf(made)[0].id as number;
		expect(jsonOf(made)).toEqual([{ id, name: 'Campaign Q3', color: 'teal', assistants_count: 0 }]);
		const all = await kit().run({ resource, operation: 'getAll', returnAll: true }, v2);
		expect(jsonOf(all)).toHaveLength(3);
		const idParameter = `${resource}Id`;
		await kit().run(
			{
				resource,
				operation: 'update',
				[idParameter]: locator(id),
				updateFields: { removeColor: true },
			},
			v2,
		);
		const deleted = await kit().run(
			{ resource, operation: 'delete', [idParameter]: locator(id) },
			v2,
		);
		expect(jsonOf(deleted)).toEqual([
			{
				id,
				deleted: true,
				message: expect.stringMatching(/^(Folder|Label) deleted successfully$/),
			},
		]);
		expect((await kit().requests()).map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', itemPath, { name: 'Campaign Q3', color: 'teal' }],
			['GET', `${itemPath}s`, null],
			['PUT', `${itemPath}/${id}`, { color: null }],
			['DELETE', `${itemPath}/${id}`, null],
		]);
	});
	it('pages through the list with the total', async () => {
		const all = await kit().run(
			{ resource: 'label', operation: 'getAll', returnAll: false, limit: 1 },
			v2,
		);
		expect(jsonOf(all).map((l) => l.id)).toEqual([95]);
		expect(only(await kit().requests()).query).toEqual({ per_page: '1', page: '1' });
	});
	it('refuses an unknown colour before sending', async () => {
		await expectFailedBeforeSending(
			kit(),
			await kit().run(
				{
					resource: 'folder',
					operation: 'create',
					name: 'X',
					additionalFields: { color: 'black' },
				},
				v2,
			),
			'color',
		);
	});
});

describe('Mid-Call Tool', () => {
	it('creates with headers and parameters, reads, updates and deletes', async () => {
		const made = await kit().run(
			{
				resource: 'midCallTool',
				operation: 'create',
				name: 'get_weather',
				description: 'Weather for a city',
				endpoint: 'https://example.com/weather/{city}',
				method: 'GET',
				additionalFields: {
					timeout: 5,
					headers: { header: [{ name: 'X-Key', value: 'k' }] },
					schema: { parameter: [{ name: 'city', type: 'string', description: 'City name' }] },
				},
			},
			v2,
		);
		const id = jsonOf(made)[0].id as number;
		expect(jsonOf(made)[0]).toMatchObject({
			name: 'get_weather',
			timeout: 5,
			headers: [{ name: 'X-Key', value: 'k' }],
		});
		await kit().run({ resource: 'midCallTool', operation: 'get', toolId: locator(id) }, v2);
		await kit().run(
			{
				resource: 'midCallTool',
				operation: 'update',
				toolId: locator(id),
				updateFields: { timeout: 20 },
			},
			v2,
		);
		const deleted = await kit().run(
			{ resource: 'midCallTool', operation: 'delete', toolId: locator(id) },
			v2,
		);
		expect(jsonOf(deleted)).toEqual([{ id, deleted: true, message: 'Tool deleted successfully' }]);
		const log = await kit().requests();
		expect(log.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`POST /api/user/tools 201`,
			`GET /api/user/tools/${id} 200`,
			`PUT /api/user/tools/${id} 200`,
			`DELETE /api/user/tools/${id} 200`,
		]);
		expect(log[0].body).toStrictEqual({
			name: 'get_weather',
			description: 'Weather for a city',
			endpoint: 'https://example.com/weather/{city}',
			method: 'GET',
			timeout: 5,
			headers: [{ name: 'X-Key', value: 'k' }],
			schema: [{ name: 'city', type: 'string', description: 'City name' }],
		});
		expect(log[2].body).toStrictEqual({ timeout: 20 });
	});
	it('refuses a tool name with digits before sending', async () => {
		const result = await kit().run(
			{
				resource: 'midCallTool',
				operation: 'create',
				name: 'weather2',
				description: 'd',
				endpoint: 'https://example.com',
				method: 'GET',
				additionalFields: {},
			},
			v2,
		);
		await expectFailedBeforeSending(kit(), result, 'name');
	});
});
