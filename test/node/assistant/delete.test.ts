import { apiGeneration, locator, useDrivenKit, V2 } from '../kit';

// Version 2 against the sandbox in current mode.
const kit = useDrivenKit(apiGeneration('current'));

describe('Assistant → Delete', () => {
	it("sends DELETE once and outputs the deleted ID with the service's message", async () => {
		const result = await kit().run(
			{ resource: 'assistant', operation: 'delete', assistantId: locator(103) },
			V2,
		);
		await kit().expectDeletedOnce(result, '/api/user/assistant/103', {
			id: 103,
			message: 'Assistant deleted successfully',
		});
	});
});
