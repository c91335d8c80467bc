import { kit, create, update } from './setup';
import type { INodeParameters } from 'n8n-workflow';
import { NO_FIELD_TO_CHANGE } from '../kit';

describe('Assistant → local validation (the item fails naming the field; nothing is sent)', () => {
	const cases: Array<[string, INodeParameters, string]> = [
		['assistant_name too long', create({ assistantName: 'x'.repeat(256) }), 'assistant_name'],
		['assistant_name empty', create({ assistantName: '={{ "" }}' }), 'assistant_name'],
		['voice_id zero', create({ voiceId: 0 }), 'voice_id'],
		['voice_id not a number', create({ voiceId: '={{ "abc" }}' }), 'voice_id'],
		['language too long', create({ language: 'L'.repeat(101) }), 'language'],
		['language empty', create({ language: '={{ "" }}' }), 'language'],
		['llm_model too long', create({ llmModel: 'm'.repeat(101) }), 'llm_model'],
		[
			'calls_direction not an option',
			create({ callsDirection: '={{ "dial" }}' }),
			'calls_direction',
		],
		['engine_type not an option', create({ engineType: '={{ "dualplex" }}' }), 'engine_type'],
		['timezone not Area/City', create({ timezone: 'Berlin' }), 'timezone'],
		['initial_message empty', create({ initialMessage: ' ' }), 'initial_message'],
		['system_prompt empty', create({ systemPrompt: '={{ "" }}' }), 'system_prompt'],
		['endpoint_type not an option', create({}, { endpointType: '={{ "auto" }}' }), 'endpoint_type'],
		[
			'endpoint_sensitivity above 5',
			create({}, { endpointSensitivity: 5.5 }),
			'endpoint_sensitivity',
		],
		[
			'interrupt_sensitivity below 0',
			create({}, { interruptSensitivity: -1 }),
			'interrupt_sensitivity',
		],
		[
			'ambient_sound_volume above 1',
			create({}, { ambientSoundVolume: 1.5 }),
			'ambient_sound_volume',
		],
		['llm_temperature above 1', create({}, { llmTemperature: 2 }), 'llm_temperature'],
		['voice_stability below 0', create({}, { voiceStability: -0.1 }), 'voice_stability'],
		['voice_similarity above 1', create({}, { voiceSimilarity: 1.1 }), 'voice_similarity'],
		['speech_speed below 0.7', create({}, { speechSpeed: 0.6 }), 'speech_speed'],
		['speech_speed above 1.2', create({}, { speechSpeed: 1.3 }), 'speech_speed'],
		['min_interrupt_words above 10', create({}, { minInterruptWords: 11 }), 'min_interrupt_words'],
		[
			'min_interrupt_words not whole',
			create({}, { minInterruptWords: 2.5 }),
			'min_interrupt_words',
		],
		[
			're_engagement_interval below 7',
			create({}, { reEngagementInterval: 6 }),
			're_engagement_interval',
		],
		[
			're_engagement_interval above 600',
			create({}, { reEngagementInterval: 601 }),
			're_engagement_interval',
		],
		['max_call_duration below 20', create({}, { maxCallDuration: 19 }), 'max_call_duration'],
		['max_call_duration above 1200', create({}, { maxCallDuration: 1201 }), 'max_call_duration'],
		['max_silence_duration below 1', create({}, { maxSilenceDuration: 0 }), 'max_silence_duration'],
		[
			'max_silence_duration above 120',
			create({}, { maxSilenceDuration: 121 }),
			'max_silence_duration',
		],
		[
			'who_speaks_first not an option',
			create({}, { whoSpeaksFirst: '={{ "Bot" }}' }),
			'who_speaks_first',
		],
		[
			'end_call_tool.description too long',
			create({}, { endCallToolDescription: 'd'.repeat(501) }),
			'end_call_tool.description',
		],
		['webhook_url not a URL', create({}, { webhookUrl: 'hooks.example.com' }), 'webhook_url'],
		[
			'webhook_url missing while the webhook is active',
			create({}, { isWebhookActive: true }),
			'webhook_url',
		],
		['boolean that is not one', create({}, { recordCall: '={{ "yes" }}' }), 'record_call'],
		[
			'post_call_schema type not allowed',
			create(
				{},
				{ postCallSchema: { field: [{ name: 'a_b', type: '={{ "date" }}', description: 'x' }] } },
			),
			'post_call_schema[0].type',
		],
		[
			'post_call_schema item without name',
			create(
				{},
				{
					postCallSchema: {
						field: [
							{ name: 'ok_name', type: 'string', description: 'x' },
							{ name: '', type: 'string', description: 'y' },
						],
					},
				},
			),
			'post_call_schema[1].name',
		],
		[
			'post_call_schema item without description',
			create({}, { postCallSchema: { field: [{ name: 'a_b', type: 'number', description: '' }] } }),
			'post_call_schema[0].description',
		],
		['tool_ids not IDs', create({}, { toolIds: '31, abc' }), 'tool_ids'],
		[
			'phone_number_id not an ID',
			create({}, { phoneNumberId: { __rl: true, mode: 'id', value: 'x1' } }),
			'phone_number_id',
		],
		[
			'variable without a name',
			create({}, { variables: { variable: [{ name: '', value: 'v' }] } }),
			'variables',
		],
		[
			'update: assistant ID not an ID',
			update({ recordCall: true }, { __rl: true, mode: 'id', value: '={{ "abc" }}' }),
			'id',
		],
		['update: no field added', update({}), NO_FIELD_TO_CHANGE],
		['update: empty tool list without Remove All Tools', update({ toolIds: '' }), 'tool_ids'],
		[
			'update: tool list together with Remove All Tools',
			update({ toolIds: '31', removeAllTools: true }),
			'tool_ids',
		],
		[
			'update: phone number together with Remove Phone Number',
			update({ phoneNumberId: { __rl: true, mode: 'id', value: '11' }, removePhoneNumber: true }),
			'phone_number_id',
		],
		[
			'update: webhook URL together with Remove Webhook',
			update({ webhookUrl: 'https://a.example.com', removeWebhook: true }),
			'webhook_url',
		],
		['update: webhook active without a URL', update({ isWebhookActive: true }), 'webhook_url'],
		['update: empty assistant name', update({ assistantName: '' }), 'assistant_name'],
		['update: timezone not Area/City', update({ timezone: 'Europe Berlin' }), 'timezone'],
		['update: speech_speed out of range', update({ speechSpeed: 2 }), 'speech_speed'],
	];

	it.each(cases)('%s', async (_title, parameters, field) => {
		await kit().expectFailedBeforeSending(await kit().run(parameters), field);
	});

	it('a bad variable name is reported under the API field variables, not the parameter path', async () => {
		const badVariables = { variables: { variable: [{ name: '__proto__', value: 'v' }] } };
		for (const parameters of [create({}, badVariables), update(badVariables)]) {
			const result = await kit().run(parameters);
			expect(result.error?.message).toBe(
				'Variables (variables) has a variable with an invalid name: "__proto__"',
			);
			expect(await kit().requests()).toHaveLength(0);
		}
	});
});
