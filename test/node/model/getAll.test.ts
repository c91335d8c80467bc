import { jsonOf, only, useDrivenKit } from '../kit';

// Version 2 against the sandbox in current mode.
const kit = useDrivenKit({ api: 'current' });

const v2 = { typeVersion: 2 };

describe('Model → Get Many', () => {
	it('asks for the LLMs by default and outputs the whole list, one item per model', async () => {
		const result = await kit().run({ resource: 'model', operation: 'getAll', returnAll: true }, v2);
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: '/api/user/assistants/models',
			query: { type: 'llm' },
		});
		const listed = await kit().api('GET', '/api/user/assistants/models?type=llm');
		expect(listed.status).toBe(200);
		expect(jsonOf(result)).toEqual(listed.json);
		expect(result.output.length).toBeGreaterThan(1);
	});

	it('refuses a type the service does not know before sending, naming the field', async () => {
		const result = await kit().run(
			{ resource: 'model', operation: 'getAll', modelType: '={{ "video" }}', returnAll: true },
			v2,
		);
		await kit().expectFailedBeforeSending(result, 'type');
	});
});
