import { jsonOf, locator, only, useDrivenKit } from '../kit';

// Version 2 against the sandbox in current mode.
const kit = useDrivenKit({
	api: 'current',
	rateLimits: { generateReply: { limit: 1000, windowMs: 60_000 } },
});

const v2 = { typeVersion: 2 };

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
