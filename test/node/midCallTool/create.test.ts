import { jsonOf, locator } from '../kit';
import { kit, runTool } from './setup';

/** Create's parameters of a tool the assistant calls with GET. */
const getTool = (name: string, description: string, endpoint: string, additionalFields = {}) => ({
	name,
	description,
	endpoint,
	method: 'GET',
	additionalFields,
});

describe('Mid-Call Tool', () => {
	it('creates with headers and parameters, reads, updates and deletes', async () => {
		const made = await runTool(
			'create',
			getTool('get_weather', 'Weather for a city', 'https://example.com/weather/{city}', {
				timeout: 5,
				headers: { header: [{ name: 'X-Key', value: 'k' }] },
				schema: { parameter: [{ name: 'city', type: 'string', description: 'City name' }] },
			}),
		);
		const id = jsonOf(made)[0].id as number;
		expect(jsonOf(made)[0]).toMatchObject({
			name: 'get_weather',
			timeout: 5,
			headers: [{ name: 'X-Key', value: 'k' }],
		});
		await runTool('get', { toolId: locator(id) });
		await runTool('update', { toolId: locator(id), updateFields: { timeout: 20 } });
		const deleted = await runTool('delete', { toolId: locator(id) });
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
		const result = await runTool('create', getTool('weather2', 'd', 'https://example.com'));
		await kit().expectFailedBeforeSending(result, 'name');
	});
});
