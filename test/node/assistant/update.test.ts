import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import { jsonOf, useKit, visibleText } from '../kit';

const kit = useKit();

const REQUIRED = {
	assistantName: 'Reminder Bot',
	voiceId: 1001,
	language: 'German',
	llmModel: 'gpt-4o',
	callsDirection: 'make',
	engineType: 'pipeline',
	timezone: 'Europe/Berlin',
	initialMessage: 'Hallo!',
	systemPrompt: 'You remind customers of appointments.',
};

const create = (
	over: INodeParameters = {},
	additionalFields: INodeParameters = {},
): INodeParameters => ({
	resource: 'assistant',
	operation: 'create',
	...REQUIRED,
	...over,
	additionalFields,
});

const update = (
	updateFields: INodeParameters,
	assistantId: INodeParameters = { __rl: true, mode: 'id', value: '101' },
): INodeParameters => ({
	resource: 'assistant',
	operation: 'update',
	assistantId,
	updateFields,
});

async function assistantRecord(id: number): Promise<IDataObject> {
	const { json } = await kit().api('GET', '/api/user/assistants/get?per_page=100');
	return (json.data as IDataObject[]).find((record) => record.id === id)!;
}

describe('Assistant → Update', () => {
	it('sends only the fields added to Update Fields, to the chosen assistant', async () => {
		const result = await kit().run(
			update({
				assistantName: 'Renamed',
				speechSpeed: 0.8,
				maxSilenceDuration: 20,
				variables: { variable: [{ name: 'tier', value: 'gold' }] },
			}),
		);
		expect(result.error).toBeUndefined();
		const requests = await kit().requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'PUT',
			path: '/api/user/assistant/101',
			query: {},
			status: 200,
		});
		expect(requests[0].body).toStrictEqual({
			assistant_name: 'Renamed',
			speech_speed: 0.8,
			max_silence_duration: 20,
			variables: { tier: 'gold' },
		});
		expect(jsonOf(result)[0]).toMatchObject({
			message: 'Assistant updated successfully',
			data: { id: 101, name: 'Renamed' },
		});
	});

	it('picks the assistant from the list mode of the locator', async () => {
		await kit().run(update({ recordCall: true }, { __rl: true, mode: 'list', value: '102' }));
		const [request] = await kit().requests();
		expect(request.path).toBe('/api/user/assistant/102');
		expect(request.body).toStrictEqual({ record_call: true });
	});

	it('Remove Phone Number sends phone_number_id null and Remove Webhook sends webhook_url null', async () => {
		await kit().run(
			update({
				phoneNumberId: { __rl: true, mode: 'id', value: '12' },
				isWebhookActive: true,
				webhookUrl: 'https://hooks.example.com/a',
			}),
		);
		expect((await assistantRecord(101)).phone_number_id).toBe(12);
		await kit().clearRequests();

		const result = await kit().run(update({ removePhoneNumber: true, removeWebhook: true }));
		expect(result.error).toBeUndefined();
		const [request] = await kit().requests();
		expect(request.body).toStrictEqual({
			phone_number_id: null,
			webhook_url: null,
			is_webhook_active: false,
		});
		const stored = await assistantRecord(101);
		expect(stored).toMatchObject({
			phone_number_id: null,
			webhook_url: null,
			is_webhook_active: false,
		});
	});

	it('a tool list replaces the tools, and Remove All Tools sends an empty list', async () => {
		await kit().run(update({ toolIds: '31,33' }));
		await kit().run(update({ removeAllTools: true }));
		const bodies = (await kit().requests()).map((request) => request.body);
		expect(bodies).toStrictEqual([{ tool_ids: [31, 33] }, { tool_ids: [] }]);
	});

	it('sends a changed required field such as language or timezone', async () => {
		await kit().run(
			update({
				language: 'English',
				timezone: 'America/Argentina/Buenos_Aires',
				callsDirection: 'receive',
				engineType: 'multimodal',
				llmModel: 'gpt-4o-realtime',
			}),
		);
		const [request] = await kit().requests();
		expect(request.status).toBe(200);
		expect(request.body).toStrictEqual({
			language: 'English',
			timezone: 'America/Argentina/Buenos_Aires',
			calls_direction: 'receive',
			engine_type: 'multimodal',
			llm_model: 'gpt-4o-realtime',
		});
	});

	it('an assistant of another account fails with the 404 of the service', async () => {
		const result = await kit().run(
			update(
				{ recordCall: true },
				{ __rl: true, mode: 'id', value: String(SEED.bob.assistantIds[0]) },
			),
		);
		expect(result.error?.message).toContain('404');
		expect(result.error?.context).toMatchObject({ httpCode: 404 });
	});
});

describe('Assistant → the API token stays secret', () => {
	const runs: Array<[string, INodeParameters, boolean]> = [
		['success', create(), false],
		['local validation failure', create({ timezone: 'nowhere' }), false],
		['local validation failure, Continue On Fail', create({ timezone: 'nowhere' }), true],
		['service failure', create({ voiceId: 4242 }), false],
		['service failure, Continue On Fail', create({ voiceId: 4242 }), true],
		['list', { resource: 'assistant', operation: 'getAll', returnAll: true }, false],
	];

	it.each(runs)('%s', async (_title, parameters, continueOnFail) => {
		const result = await kit().run(parameters, { continueOnFail });
		const text = visibleText(result);
		expect(text.length).toBeGreaterThan(10);
		expect(text).not.toContain(kit().sandbox.tokens.alice);
	});

	it('an invalid token is not echoed either', async () => {
		const wrong = 'sbx_wrong_token_0123456789abcdef';
		for (const continueOnFail of [false, true]) {
			const result = await kit().run(
				{ resource: 'assistant', operation: 'getAllOutbound', returnAll: true },
				{ continueOnFail, credentials: { apiToken: wrong } },
			);
			const text = visibleText(result);
			expect(text).toContain('401');
			expect(text).not.toContain(wrong);
		}
	});
});
