import { kit, create, update } from './setup';
import type { INodeParameters } from 'n8n-workflow';
import { NO_FIELD_TO_CHANGE } from '../kit';

/** A row of the table below: `parameters` over the required ones, refused naming `field`. */
const requiredRow = (
	field: string,
	why: string,
	parameters: INodeParameters,
): [string, INodeParameters, string] => [`${field} ${why}`, create(parameters), field];
/** A row of the table below: the Additional Fields `fields`, refused naming `field`. */
const additionalRow = (
	field: string,
	why: string,
	fields: INodeParameters,
): [string, INodeParameters, string] => [`${field} ${why}`, create({}, fields), field];

describe('Assistant → local validation (the item fails naming the field; nothing is sent)', () => {
	const cases: Array<[string, INodeParameters, string]> = [
		requiredRow('assistant_name', 'too long', { assistantName: 'x'.repeat(256) }),
		requiredRow('assistant_name', 'empty', { assistantName: '={{ "" }}' }),
		requiredRow('voice_id', 'zero', { voiceId: 0 }),
		requiredRow('voice_id', 'not a number', { voiceId: '={{ "abc" }}' }),
		requiredRow('language', 'too long', { language: 'L'.repeat(101) }),
		requiredRow('language', 'empty', { language: '={{ "" }}' }),
		requiredRow('llm_model', 'too long', { llmModel: 'm'.repeat(101) }),
		requiredRow('calls_direction', 'not an option', { callsDirection: '={{ "dial" }}' }),
		requiredRow('engine_type', 'not an option', { engineType: '={{ "dualplex" }}' }),
		requiredRow('timezone', 'not Area/City', { timezone: 'Berlin' }),
		requiredRow('initial_message', 'empty', { initialMessage: ' ' }),
		requiredRow('system_prompt', 'empty', { systemPrompt: '={{ "" }}' }),
		additionalRow('endpoint_type', 'not an option', { endpointType: '={{ "auto" }}' }),
		additionalRow('endpoint_sensitivity', 'above 5', { endpointSensitivity: 5.5 }),
		additionalRow('interrupt_sensitivity', 'below 0', { interruptSensitivity: -1 }),
		additionalRow('ambient_sound_volume', 'above 1', { ambientSoundVolume: 1.5 }),
		additionalRow('llm_temperature', 'above 1', { llmTemperature: 2 }),
		additionalRow('voice_stability', 'below 0', { voiceStability: -0.1 }),
		additionalRow('voice_similarity', 'above 1', { voiceSimilarity: 1.1 }),
		additionalRow('speech_speed', 'below 0.7', { speechSpeed: 0.6 }),
		additionalRow('speech_speed', 'above 1.2', { speechSpeed: 1.3 }),
		additionalRow('min_interrupt_words', 'above 10', { minInterruptWords: 11 }),
		additionalRow('min_interrupt_words', 'not whole', { minInterruptWords: 2.5 }),
		additionalRow('re_engagement_interval', 'below 7', { reEngagementInterval: 6 }),
		additionalRow('re_engagement_interval', 'above 600', { reEngagementInterval: 601 }),
		additionalRow('max_call_duration', 'below 20', { maxCallDuration: 19 }),
		additionalRow('max_call_duration', 'above 1200', { maxCallDuration: 1201 }),
		additionalRow('max_silence_duration', 'below 1', { maxSilenceDuration: 0 }),
		additionalRow('max_silence_duration', 'above 120', { maxSilenceDuration: 121 }),
		additionalRow('who_speaks_first', 'not an option', { whoSpeaksFirst: '={{ "Bot" }}' }),
		additionalRow('end_call_tool.description', 'too long', {
			endCallToolDescription: 'd'.repeat(501),
		}),
		additionalRow('webhook_url', 'not a URL', { webhookUrl: 'hooks.example.com' }),
		additionalRow('webhook_url', 'missing while the webhook is active', { isWebhookActive: true }),
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
		additionalRow('tool_ids', 'not IDs', { toolIds: '31, abc' }),
		additionalRow('phone_number_id', 'not an ID', {
			phoneNumberId: { __rl: true, mode: 'id', value: 'x1' },
		}),
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
