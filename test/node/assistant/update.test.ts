import { kit, update, assistantRecord } from './setup';
import { SEED } from '../../../sandbox';
import { jsonOf } from '../kit';

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
		const request = await kit().expectSentOnce(result, 'PUT /api/user/assistant/101', {
			query: {},
			status: 200,
		});
		expect(request.body).toStrictEqual({
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
