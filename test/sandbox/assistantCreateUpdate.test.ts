/** Creating and updating an assistant: stored names, the field rules, what an update changes. */
import { expectAnswer, expectInvalidFields, useSandbox, validAssistant } from './helpers';

const c = useSandbox();

describe('create assistant', () => {
	it('creates with 201 and maps input names to stored names', async () => {
		const r = await c.post(
			'/api/user/assistant',
			validAssistant({
				phone_number_id: 12,
				tool_ids: [31, 32],
				filler_audios: true,
				re_engagement_interval: 7,
				max_call_duration: 1200,
				noise_cancellation: false,
				record_call: true,
				who_speaks_first: 'Customer',
				speech_speed: 0.7,
				llm_temperature: 1,
				post_call_schema: [{ name: 'ok', type: 'bool', description: 'Is ok' }],
				end_call_tool: { description: 'End politely' },
				is_webhook_active: true,
				webhook_url: 'https://hooks.example.com/x',
				variables: { a: 1 },
			}),
		);
		expect(r.status).toBe(201);
		expect(r.json.message).toBe('Assistant created successfully');
		expect(r.json.data).toEqual({
			id: expect.any(Number),
			name: 'Test Bot',
			status: 'active',
			type: 'outbound',
			mode: 'pipeline',
		});
		const list = (await c.get('/api/user/assistants/get?per_page=100')).json.data;
		const a = list.find((x: any) => x.id === r.json.data.id);
		expect(a).toMatchObject({
			name: 'Test Bot',
			language: 'de',
			language_id: 5,
			fillers: 1,
			reengagement_interval: 7,
			max_duration: 1200,
			enable_noise_cancellation: false,
			record: true,
			wait_for_customer: true,
			speech_speed: '0.70',
			llm_temperature: '1.00',
			tools: [],
			phone_number_id: 12,
			is_webhook_active: true,
			webhook_url: 'https://hooks.example.com/x',
			variables: { a: 1 },
		});
	});
	it('maps calls_direction receive to inbound', async () => {
		const r = await c.post(
			'/api/user/assistant',
			validAssistant({
				calls_direction: 'receive',
				engine_type: 'multimodal',
				llm_model: 'gpt-4o-realtime',
			}),
		);
		expect(r.status).toBe(201);
		expect(r.json.data).toMatchObject({ type: 'inbound', mode: 'multimodal' });
	});
	it('requires every required field, naming each', async () => {
		const r = await c.post('/api/user/assistant', {});
		expectInvalidFields(
			r,
			[
				'assistant_name',
				'voice_id',
				'language',
				'llm_model',
				'calls_direction',
				'engine_type',
				'timezone',
				'initial_message',
				'system_prompt',
			].sort(),
		);
		expect(r.json.message).toBe('Validation failed');
		expect(r.json.errors.assistant_name).toEqual(['The assistant name field is required.']);
	});
	const bad: Array<[string, Record<string, unknown>, string]> = [
		['assistant_name too long', { assistant_name: 'x'.repeat(256) }, 'assistant_name'],
		['language too long', { language: 'x'.repeat(101) }, 'language'],
		['llm_model too long', { llm_model: 'x'.repeat(101) }, 'llm_model'],
		['unknown language', { language: 'Klingon' }, 'language'],
		['language code instead of name', { language: 'de' }, 'language'],
		['unknown voice', { voice_id: 999999 }, 'voice_id'],
		['voice as string', { voice_id: '1001' }, 'voice_id'],
		['unknown llm model', { llm_model: 'gpt-99' }, 'llm_model'],
		['bad calls_direction', { calls_direction: 'outbound' }, 'calls_direction'],
		['bad engine_type', { engine_type: 'dualplex' }, 'engine_type'],
		['bad timezone', { timezone: 'Mars/Olympus' }, 'timezone'],
		['bad endpoint_type', { endpoint_type: 'x' }, 'endpoint_type'],
		['endpoint_sensitivity > 5', { endpoint_sensitivity: 5.1 }, 'endpoint_sensitivity'],
		['interrupt_sensitivity < 0', { interrupt_sensitivity: -0.1 }, 'interrupt_sensitivity'],
		['ambient_sound_volume > 1', { ambient_sound_volume: 1.5 }, 'ambient_sound_volume'],
		['llm_temperature > 1', { llm_temperature: 1.01 }, 'llm_temperature'],
		['voice_stability > 1', { voice_stability: 2 }, 'voice_stability'],
		['voice_similarity < 0', { voice_similarity: -1 }, 'voice_similarity'],
		['speech_speed < 0.7', { speech_speed: 0.69 }, 'speech_speed'],
		['speech_speed > 1.2', { speech_speed: 1.21 }, 'speech_speed'],
		['min_interrupt_words > 10', { min_interrupt_words: 11 }, 'min_interrupt_words'],
		['min_interrupt_words not integer', { min_interrupt_words: 2.5 }, 'min_interrupt_words'],
		['re_engagement_interval < 7', { re_engagement_interval: 6 }, 're_engagement_interval'],
		['re_engagement_interval > 600', { re_engagement_interval: 601 }, 're_engagement_interval'],
		['max_call_duration < 20', { max_call_duration: 19 }, 'max_call_duration'],
		['max_call_duration > 1200', { max_call_duration: 1201 }, 'max_call_duration'],
		['max_silence_duration < 1', { max_silence_duration: 0 }, 'max_silence_duration'],
		['max_silence_duration > 120', { max_silence_duration: 121 }, 'max_silence_duration'],
		['boolean as string', { record_call: 'true' }, 'record_call'],
		['bad who_speaks_first', { who_speaks_first: 'Nobody' }, 'who_speaks_first'],
		['webhook required when active', { is_webhook_active: true }, 'webhook_url'],
		['webhook url invalid', { is_webhook_active: true, webhook_url: 'not a url' }, 'webhook_url'],
		['webhook url ftp', { webhook_url: 'ftp://x.example.com' }, 'webhook_url'],
		["bob's phone number", { phone_number_id: 21 }, 'phone_number_id'],
		['missing phone number', { phone_number_id: 99999 }, 'phone_number_id'],
		["bob's tool", { tool_ids: [31, 41] }, 'tool_ids.1'],
		['tool_ids not array', { tool_ids: 31 }, 'tool_ids'],
		['variables as array', { variables: [1] }, 'variables'],
		['post_call_schema not array', { post_call_schema: { name: 'x' } }, 'post_call_schema'],
		[
			'post_call_schema bad type',
			{ post_call_schema: [{ name: 'x', type: 'date', description: 'd' }] },
			'post_call_schema.0.type',
		],
		[
			'post_call_schema missing name',
			{ post_call_schema: [{ type: 'string', description: 'd' }] },
			'post_call_schema.0.name',
		],
		[
			'post_call_schema missing description',
			{ post_call_schema: [{ name: 'n', type: 'number' }] },
			'post_call_schema.0.description',
		],
		[
			'end_call_tool description too long',
			{ end_call_tool: { description: 'x'.repeat(501) } },
			'end_call_tool.description',
		],
	];
	it.each(bad)('rejects %s with 422 naming the field', async (_name, over, field) => {
		const r = await c.post('/api/user/assistant', validAssistant(over));
		expect(r.status).toBe(422);
		expect(r.json.message).toBe('Validation failed');
		expect(Object.keys(r.json.errors)).toEqual([field]);
		expect(typeof r.json.errors[field][0]).toBe('string');
	});
	it('accepts the boundaries', async () => {
		const r = await c.post(
			'/api/user/assistant',
			validAssistant({
				assistant_name: 'x'.repeat(255),
				endpoint_sensitivity: 5,
				interrupt_sensitivity: 0,
				ambient_sound_volume: 1,
				speech_speed: 1.2,
				min_interrupt_words: 10,
				re_engagement_interval: 600,
				max_call_duration: 20,
				max_silence_duration: 120,
				end_call_tool: { description: 'x'.repeat(500) },
				post_call_schema: [
					{ name: 'a', type: 'boolean', description: 'd' },
					{ name: 'b', type: 'number', description: 'd' },
				],
			}),
		);
		expect(r.status).toBe(201);
	});
});

describe('update assistant', () => {
	it('changes only the fields sent', async () => {
		const before = (await c.get('/api/user/assistants/get')).json.data.find(
			(a: any) => a.id === 102,
		);
		const r = await c.put('/api/user/assistant/102', {
			assistant_name: 'Renamed',
			max_call_duration: 300,
		});
		expectAnswer(r, 200, {
			message: 'Assistant updated successfully',
			data: { id: 102, name: 'Renamed', status: 'active', type: 'outbound', mode: 'pipeline' },
		});
		const after = (await c.get('/api/user/assistants/get')).json.data.find(
			(a: any) => a.id === 102,
		);
		expect(after.max_duration).toBe(300);
		const strip = (o: Record<string, unknown>) => {
			const copy = { ...o };
			for (const k of ['name', 'max_duration', 'updated_at']) delete copy[k];
			return copy;
		};
		expect(strip(after)).toEqual(strip(before));
	});
	it('clears the phone number with null, replaces tool_ids, clears with []', async () => {
		await c.put('/api/user/assistant/101', { phone_number_id: null, tool_ids: [32] });
		const a = (await c.get('/api/user/assistants/get')).json.data.find((x: any) => x.id === 101);
		expect(a.phone_number_id).toBeNull();
		expect((await c.ctl('GET', '/state/assistants/101')).json.tool_ids).toEqual([32]);
		await c.put('/api/user/assistant/101', { tool_ids: [] });
		expect((await c.ctl('GET', '/state/assistants/101')).json.tool_ids).toEqual([]);
	});
	it('webhook_url null disables the webhook', async () => {
		await c.put('/api/user/assistant/102', {
			is_webhook_active: true,
			webhook_url: 'https://h.example.com/a',
		});
		let a = (await c.get('/api/user/assistants/outbound')).json.find((x: any) => x.id === 102);
		expect(a).toMatchObject({ is_webhook_active: true, webhook_url: 'https://h.example.com/a' });
		await c.put('/api/user/assistant/102', { webhook_url: null });
		a = (await c.get('/api/user/assistants/outbound')).json.find((x: any) => x.id === 102);
		expect(a).toMatchObject({ is_webhook_active: false, webhook_url: null });
	});
	it('activating without a stored url needs webhook_url; with a stored url it does not', async () => {
		let r = await c.put('/api/user/assistant/102', { is_webhook_active: true });
		expect(r.status).toBe(422);
		expect(Object.keys(r.json.errors)).toEqual(['webhook_url']);
		await c.put('/api/user/assistant/102', { webhook_url: 'https://h.example.com/b' });
		r = await c.put('/api/user/assistant/102', { is_webhook_active: true });
		expect(r.status).toBe(200);
	});
	it('applies create rules on update', async () => {
		const r = await c.put('/api/user/assistant/102', { speech_speed: 3, language: 'Elvish' });
		expectInvalidFields(r, ['language', 'speech_speed']);
	});
	it("answers 404 for bob's, missing and non-integer ids", async () => {
		for (const id of ['201', '99999', 'abc']) {
			const r = await c.put(`/api/user/assistant/${id}`, { assistant_name: 'x' });
			expectAnswer(r, 404, { message: 'Assistant not found' });
		}
		const bob = await c.put('/api/user/assistant/102', { assistant_name: 'stolen' }, 'bob');
		expect(bob.status).toBe(404);
	});
});
