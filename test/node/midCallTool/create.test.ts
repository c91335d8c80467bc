import { jsonOf, locator } from '../kit';
import { kit, v2 } from './setup';

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
		await kit().expectFailedBeforeSending(result, 'name');
	});
});
