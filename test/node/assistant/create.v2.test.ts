import { kit, create } from './setup.v2';
import {
	CURRENT_ONLY_FIELDS,
	SEED_ONLY_FIELDS,
} from '../../../sandbox/domain/assistants/apiGenerations';
import { jsonOf, locator, only } from '../kit';

const v2 = { typeVersion: 2 };

describe('Assistant → Create (version 2, current API)', () => {
	it('sends the current names with the picked IDs as numbers; outputs the created assistant', async () => {
		const result = await kit().run(create(), v2);
		const request = await kit().expectSentOnce(result, 'POST /api/user/assistant', {
			status: 201,
		});
		expect(request.body).toStrictEqual({
			name: 'Reminder Bot',
			mode: 'pipeline',
			type: 'outbound',
			language_id: 5,
			voice_id: 1001,
			llm_model_id: 2,
			timezone: 'Europe/Berlin',
			initial_message: 'Hallo!',
			system_prompt: 'You remind customers of appointments.',
		});
		expect(jsonOf(result)).toEqual([
			{
				id: expect.any(Number),
				name: 'Reminder Bot',
				status: 'inactive',
				type: 'outbound',
				mode: 'pipeline',
			},
		]);
	});
	it('sends the model of a dualplex assistant as multimodal_model_id and every other field under its current name', async () => {
		const result = await kit().run(
			create(
				{ mode: 'dualplex', modelId: locator(25) },
				{
					phoneNumberId: locator(12, 'list'),
					knowledgeBaseId: locator(51),
					knowledgeBaseMode: 'function_call',
					folderId: locator(91),
					labelIds: [95, 96],
					toolIds: [31],
					secondaryLanguageIds: [1],
					synthesizerProviderId: locator(2),
					chatLlmFallbackId: locator(1),
					turnDetectionThreshold: 0.7,
					ttsEmotionEnabled: false,
					maxDuration: 900,
					maxSilenceDuration: 300,
					maxInitialSilenceDuration: 15,
					ringingTime: 45,
					reengagementInterval: 20,
					reengagementPrompt: 'Still there?',
					voiceMailMessage: 'Call back',
					ambientSound: 'office',
					ambientSoundVolume: 0.3,
					minInterruptWords: 2,
					record: true,
					waitForCustomer: true,
					enableNoiseCancellation: false,
					conversationInactivityTimeout: 60,
					conversationEndedRetrigger: true,
					conversationEndedWebhookUrl: 'https://hooks.example.com/end',
					isWebhookActive: true,
					webhookUrl: 'https://hooks.example.com/call',
					postCallSchema: {
						field: [{ name: 'booked', type: 'bool', description: 'Appointment booked' }],
					},
					tools: {
						end_call: [{ description: 'Say goodbye' }],
						assistant_transfer: [
							{
								assistant_id: '101',
								description: 'Support questions',
								speak_transfer_greeting: true,
							},
						],
					},
					variables: { variable: [{ name: 'company', value: 'ACME' }] },
				},
			),
			v2,
		);
		expect(result.error).toBeUndefined();
		const body = only(await kit().requests()).body as Record<string, unknown>;
		expect(body).toMatchObject({
			mode: 'dualplex',
			multimodal_model_id: 25,
			phone_number_id: 12,
			knowledgebase_id: 51,
			knowledgebase_mode: 'function_call',
			folder_id: 91,
			label_ids: [95, 96],
			tool_ids: [31],
			secondary_language_ids: [1],
			synthesizer_provider_id: 2,
			chat_llm_fallback_id: 1,
			turn_detection_threshold: 0.7,
			max_silence_duration: 300,
			ringing_time: 45,
			min_interrupt_words: 2,
			post_call_schema: [{ name: 'booked', type: 'bool', description: 'Appointment booked' }],
			tools: [
				{ type: 'end_call', description: 'Say goodbye' },
				{
					type: 'assistant_transfer',
					assistant_id: 101,
					description: 'Support questions',
					speak_transfer_greeting: true,
				},
			],
			variables: { company: 'ACME' },
		});
		expect(body).not.toHaveProperty('llm_model_id');
		const sent = Object.keys(body);
		expect(sent.filter((field) => (SEED_ONLY_FIELDS as readonly string[]).includes(field))).toEqual(
			[],
		);
		expect(
			sent.filter((field) => (CURRENT_ONLY_FIELDS as readonly string[]).includes(field)).length,
		).toBeGreaterThan(20);
	});
	it.each([
		[
			'a voice picker left empty by an expression',
			create({ voiceId: { __rl: true, mode: 'id', value: '={{ "" }}' } }),
			'voice_id',
		],
		[
			'an initial message over 200 characters',
			create({ initialMessage: 'x'.repeat(201) }),
			'initial_message',
		],
		['max silence over 360', create({}, { maxSilenceDuration: 361 }), 'max_silence_duration'],
		[
			'a post-call name with capitals',
			create(
				{},
				{ postCallSchema: { field: [{ name: 'Booked', type: 'bool', description: 'Booked' }] } },
			),
			'post_call_schema[0].name',
		],
		[
			'prompt knowledge base in multimodal',
			create(
				{ mode: 'multimodal', voiceId: locator(1101), modelId: locator(21) },
				{ knowledgeBaseMode: 'prompt' },
			),
			'knowledgebase_mode',
		],
		[
			'interruptions off in dualplex',
			create({ mode: 'dualplex', modelId: locator(25) }, { allowInterruptions: false }),
			'allow_interruptions',
		],
		[
			'fillers in multimodal',
			create(
				{ mode: 'multimodal', voiceId: locator(1101), modelId: locator(21) },
				{ fillers: true },
			),
			'fillers',
		],
		[
			'a call transfer without a number',
			create({}, { tools: { call_transfer: [{ phone_number: '' }] } }),
			'tools[].phone_number',
		],
	])('refuses %s before sending, naming the field', async (_name, parameters, field) => {
		await kit().expectFailedBeforeSending(await kit().run(parameters, v2), field);
	});
});

describe('Assistant → Create (version 2): call transfer number', () => {
	it('takes the number as people write it and sends it in E.164', async () => {
		const result = await kit().run(
			create({}, { tools: { call_transfer: [{ phone_number: '+49 (151) 1234-5678' }] } }),
			v2,
		);
		expect(result.error).toBeUndefined();
		const body = only(await kit().requests()).body as { tools: Array<Record<string, unknown>> };
		expect(body.tools).toEqual([
			expect.objectContaining({ type: 'call_transfer', phone_number: '+4915112345678' }),
		]);
	});
});
