import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { expectFailedBeforeSending, items, jsonOf, useKit, visibleText } from './kit';

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

const REQUIRED_BODY = {
	assistant_name: 'Reminder Bot',
	voice_id: 1001,
	language: 'German',
	llm_model: 'gpt-4o',
	calls_direction: 'make',
	engine_type: 'pipeline',
	timezone: 'Europe/Berlin',
	initial_message: 'Hallo!',
	system_prompt: 'You remind customers of appointments.',
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

async function assistantRecord(id: number): Promise<IDataObject> {
	const { json } = await kit().api('GET', '/api/user/assistants/get?per_page=100');
	return (json.data as IDataObject[]).find((record) => record.id === id)!;
}

describe('Assistant → Create', () => {
	it('sends exactly the required fields with their types and returns the service response', async () => {
		const result = await kit().run(create());
		expect(result.error).toBeUndefined();
		const requests = await kit().requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'POST',
			path: '/api/user/assistant',
			query: {},
			status: 201,
		});
		expect(requests[0].body).toStrictEqual(REQUIRED_BODY);
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
		['update: no field added', update({}), 'Update Fields'],
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
		await expectFailedBeforeSending(kit(), await kit().run(parameters), field);
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

describe('Assistant → Get Many', () => {
	it('Limit asks for one page of that size and returns one item per assistant', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'getAll',
			returnAll: false,
			limit: 3,
		});
		const requests = await kit().requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'GET',
			path: '/api/user/assistants/get',
			query: { per_page: '3', page: '1' },
		});
		expect(jsonOf(result).map((assistant) => assistant.id)).toEqual(
			SEED.alice.assistantIds.slice(0, 3),
		);
		expect(result.output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);
	});

	it('Return All and a Limit above one page read several pages', async () => {
		for (let index = 0; index < 200; index++) {
			const { status } = await kit().api('POST', '/api/user/assistant', {
				...REQUIRED_BODY,
				assistant_name: `Bulk ${index}`,
			});
			expect(status).toBe(201);
		}
		await kit().clearRequests();
		const all = await kit().run({ resource: 'assistant', operation: 'getAll', returnAll: true });
		const allRequests = await kit().requests();
		expect(allRequests.map((request) => request.query)).toEqual([
			{ per_page: '100', page: '1' },
			{ per_page: '100', page: '2' },
			{ per_page: '100', page: '3' },
		]);
		const ids = jsonOf(all).map((assistant) => assistant.id);
		expect(ids).toHaveLength(204);
		expect(new Set(ids).size).toBe(204);

		await kit().clearRequests();
		const limited = await kit().run({
			resource: 'assistant',
			operation: 'getAll',
			returnAll: false,
			limit: 150,
		});
		expect((await kit().requests()).map((request) => request.query)).toEqual([
			{ per_page: '100', page: '1' },
			{ per_page: '100', page: '2' },
		]);
		expect(jsonOf(limited).map((assistant) => assistant.id)).toEqual(ids.slice(0, 150));
	});

	it('refuses a Limit below 1 without a request', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'getAll',
			returnAll: false,
			limit: 0,
		});
		expect(result.error?.message).toContain('limit');
		expect(await kit().requests()).toHaveLength(0);
	});
});

describe('Assistant → Get Many Outbound', () => {
	it('turns the bare array into one item per assistant', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'getAllOutbound',
			returnAll: true,
		});
		const requests = await kit().requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'GET',
			path: '/api/user/assistants/outbound',
			query: {},
		});
		const records = jsonOf(result);
		expect(records.length).toBeGreaterThanOrEqual(2);
		expect(
			records.every((record) => record.type === 'outbound' && typeof record.id === 'number'),
		).toBe(true);
		expect(records.map((record) => record.id)).toContain(SEED.alice.outboundAssistantId);
	});

	it('applies the Limit on the client', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'getAllOutbound',
			returnAll: false,
			limit: 1,
		});
		expect(result.output).toHaveLength(1);
		expect((await kit().requests())[0].query).toEqual({});
	});
});

describe('Assistant → webhooks', () => {
	it('Enable Inbound Webhook posts the assistant ID as a number and the URL', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'enableInboundWebhook',
			assistantId: { __rl: true, mode: 'list', value: '101' },
			webhookUrl: 'https://hooks.example.com/inbound',
		});
		const [request] = await kit().requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: '/api/user/assistants/enable-inbound-webhook',
			status: 200,
		});
		expect(request.body).toStrictEqual({
			assistant_id: 101,
			webhook_url: 'https://hooks.example.com/inbound',
		});
		expect(jsonOf(result)).toEqual([{ message: 'Webhook enabled successfully', data: [] }]);
		expect((await assistantRecord(101)).inbound_webhook_url).toBe(
			'https://hooks.example.com/inbound',
		);
	});

	it('Enable Inbound Webhook refuses an invalid URL without a request', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'enableInboundWebhook',
			assistantId: { __rl: true, mode: 'id', value: '101' },
			webhookUrl: 'ftp://x',
		});
		expect(result.error?.message).toContain('webhook_url');
		expect(await kit().requests()).toHaveLength(0);
	});

	it('Disable Webhook posts the assistant ID and clears the webhook', async () => {
		await kit().run(
			update(
				{ isWebhookActive: true, webhookUrl: 'https://hooks.example.com/post' },
				{ __rl: true, mode: 'id', value: '103' },
			),
		);
		await kit().clearRequests();
		const result = await kit().run({
			resource: 'assistant',
			operation: 'disableWebhook',
			assistantId: { __rl: true, mode: 'id', value: '103' },
		});
		const [request] = await kit().requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: '/api/user/assistants/disable-webhook',
			status: 200,
		});
		expect(request.body).toStrictEqual({ assistant_id: 103 });
		expect(jsonOf(result)[0]).toMatchObject({ data: [] });
		expect(typeof jsonOf(result)[0].message).toBe('string');
		expect(await assistantRecord(103)).toMatchObject({
			is_webhook_active: false,
			webhook_url: null,
		});
	});

	it('Disable Webhook refuses an assistant ID that is not a number, without a request', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'disableWebhook',
			assistantId: { __rl: true, mode: 'id', value: '={{ "-3" }}' },
		});
		expect(result.error?.message).toContain('assistant_id');
		expect(await kit().requests()).toHaveLength(0);
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
		expect(result.output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
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
