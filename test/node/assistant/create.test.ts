import { kit, REQUIRED_BODY, create, assistantRecord } from './setup';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { expectPairedWith, items, jsonOf, visibleText } from '../kit';

const ALL_ADDITIONAL_FIELDS: INodeParameters = {
	phoneNumberId: { __rl: true, mode: 'list', value: '11' },
	toolIds: '31, 32',
	endpointType: 'ai',
	endpointSensitivity: 2.5,
	interruptSensitivity: 1,
	ambientSoundVolume: 0.3,
	postCallEvaluation: false,
	sendWebhookOnlyOnCompleted: false,
	includeRecordingInWebhook: true,
	isWebhookActive: true,
	webhookUrl: 'https://hooks.example.com/famulor',
	useMinInterruptWords: true,
	minInterruptWords: 3,
	variables: {
		variable: [
			{ name: 'company', value: 'ACME' },
			{ name: 'city', value: 'Berlin' },
		],
	},
	postCallSchema: {
		field: [
			{
				name: 'appointment_booked',
				type: 'bool',
				description: 'Whether an appointment was booked',
			},
			{ name: 'budget', type: 'number', description: 'Budget named by the customer' },
		],
	},
	endCallToolDescription: 'End the call when the customer says goodbye',
	llmTemperature: 0.4,
	voiceStability: 0.8,
	voiceSimilarity: 0.6,
	speechSpeed: 1.1,
	allowInterruptions: false,
	fillerAudios: true,
	reEngagementInterval: 45,
	maxCallDuration: 900,
	maxSilenceDuration: 60,
	endCallOnVoicemail: false,
	noiseCancellation: false,
	recordCall: true,
	whoSpeaksFirst: 'Customer',
};

const ALL_ADDITIONAL_BODY = {
	phone_number_id: 11,
	tool_ids: [31, 32],
	endpoint_type: 'ai',
	endpoint_sensitivity: 2.5,
	interrupt_sensitivity: 1,
	ambient_sound_volume: 0.3,
	post_call_evaluation: false,
	send_webhook_only_on_completed: false,
	include_recording_in_webhook: true,
	is_webhook_active: true,
	webhook_url: 'https://hooks.example.com/famulor',
	use_min_interrupt_words: true,
	min_interrupt_words: 3,
	variables: { company: 'ACME', city: 'Berlin' },
	post_call_schema: [
		{ name: 'appointment_booked', type: 'bool', description: 'Whether an appointment was booked' },
		{ name: 'budget', type: 'number', description: 'Budget named by the customer' },
	],
	end_call_tool: { description: 'End the call when the customer says goodbye' },
	llm_temperature: 0.4,
	voice_stability: 0.8,
	voice_similarity: 0.6,
	speech_speed: 1.1,
	allow_interruptions: false,
	filler_audios: true,
	re_engagement_interval: 45,
	max_call_duration: 900,
	max_silence_duration: 60,
	end_call_on_voicemail: false,
	noise_cancellation: false,
	record_call: true,
	who_speaks_first: 'Customer',
};

describe('Assistant → Create', () => {
	it('sends exactly the required fields with their types and returns the service response', async () => {
		const result = await kit().run(create());
		const request = await kit().expectSentOnce(result, 'POST /api/user/assistant', {
			query: {},
			status: 201,
		});
		expect(request.body).toStrictEqual(REQUIRED_BODY);
		const [item] = jsonOf(result);
		expect(result.output).toHaveLength(1);
		expect(item).toMatchObject({
			message: 'Assistant created successfully',
			data: { name: 'Reminder Bot', mode: 'pipeline', type: 'outbound' },
		});
		expect(typeof (item.data as IDataObject).id).toBe('number');
		expect(result.output[0].pairedItem).toEqual({ item: 0 });
	});

	it('sends every additional field under its API name, with the right type and nesting', async () => {
		const result = await kit().run(create({}, ALL_ADDITIONAL_FIELDS));
		expect(result.error).toBeUndefined();
		const [request] = await kit().requests();
		expect(request.status).toBe(201);
		expect(request.body).toStrictEqual({ ...REQUIRED_BODY, ...ALL_ADDITIONAL_BODY });
		const id = (jsonOf(result)[0].data as IDataObject).id as number;
		const stored = await assistantRecord(id);
		expect(stored).toMatchObject({
			phone_number_id: 11,
			max_duration: 900,
			record: true,
			webhook_url: 'https://hooks.example.com/famulor',
			wait_for_customer: true,
		});
	});

	it('accepts tool IDs as an array from an expression and numbers set by expressions', async () => {
		const result = await kit().run(
			create(
				{},
				{ toolIds: '={{ [31, "33"] }}', speechSpeed: '={{ "0.9" }}', recordCall: '={{ "true" }}' },
			),
		);
		expect(result.error).toBeUndefined();
		const [request] = await kit().requests();
		expect(request.body).toMatchObject({
			tool_ids: [31, 33],
			speech_speed: 0.9,
			record_call: true,
		});
	});

	it('does not send tool_ids when the Tool IDs field is empty on create', async () => {
		await kit().run(create({}, { toolIds: '' }));
		const [request] = await kit().requests();
		expect(request.body).not.toHaveProperty('tool_ids');
	});

	it('passes service validation errors (422) on with the field errors', async () => {
		const result = await kit().run(create({ voiceId: 999999 }));
		expect(result.error?.message).toContain('422');
		expect(result.error?.message).toContain('voice_id');
		expect(result.error?.context).toMatchObject({
			httpCode: 422,
			fieldErrors: { voice_id: expect.any(Array) },
		});
	});
});

describe('Assistant → Continue On Fail', () => {
	it('returns the error on the failed items and goes on with the rest', async () => {
		const result = await kit().run(
			create({ assistantName: '={{ $json.name }}', voiceId: '={{ $json.voice }}' }),
			{
				continueOnFail: true,
				input: items(
					{ name: 'Good One', voice: 1001 },
					{ name: 'n'.repeat(256), voice: 1001 },
					{ name: 'Unknown Voice', voice: 424242 },
					{ name: 'Good Two', voice: 1002 },
				),
			},
		);
		expect(result.error).toBeUndefined();
		const output = jsonOf(result);
		expect(output).toHaveLength(4);
		expectPairedWith(result, [0, 1, 2, 3]);
		expect(output[0]).toMatchObject({
			message: 'Assistant created successfully',
			data: { name: 'Good One' },
		});
		expect(output[1]).toMatchObject({ httpCode: null, errorCode: null });
		expect(output[1].error).toContain('assistant_name');
		expect(output[1].error).toContain('255');
		expect(output[2]).toMatchObject({
			httpCode: 422,
			fieldErrors: { voice_id: expect.any(Array) },
		});
		expect(output[3]).toMatchObject({ data: { name: 'Good Two' } });
		const requests = await kit().requests();
		expect(requests.map((request) => (request.body as IDataObject).assistant_name)).toEqual([
			'Good One',
			'Unknown Voice',
			'Good Two',
		]);
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
