import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import { describeTokenNeverShown, items, jsonOf, visibleText } from '../kit';
import { kit, list } from './setup';

describe('Conversation → Get Many', () => {
	it('asks for the Limit as per_page and returns one item per conversation', async () => {
		const result = await kit().run(list({ limit: 5 }));
		await kit().expectSentOnce(result, 'GET /api/user/conversations', {
			query: { per_page: '5' },
			status: 200,
		});
		const records = jsonOf(result);
		expect(records).toHaveLength(5);
		for (const record of records) {
			expect(typeof record.id).toBe('string');
			expect(['test', 'widget', 'whatsapp', 'api']).toContain(record.type);
		}
		expect(result.output.map((item) => item.pairedItem)).toEqual(
			Array.from({ length: 5 }, () => ({ item: 0 })),
		);
	});

	it('sends the type, assistant (as an integer ID) and external identifier filters', async () => {
		const identifier = SEED.alice.apiExternalIdentifiers[0];
		const { json } = await kit().api('GET', '/api/user/assistants/get?per_page=100');
		const all = jsonOf(await kit().run(list({ returnAll: true }, { type: 'api' })));
		const owner = (json.data as IDataObject[]).find(
			(assistant) =>
				assistant.uuid ===
				all.find((record) => record.external_identifier === identifier)?.assistant_id,
		)!;
		await kit().clearRequests();

		const result = await kit().run(
			list(
				{},
				{
					type: 'api',
					assistantId: { __rl: true, mode: 'list', value: String(owner.id) },
					externalIdentifier: identifier,
				},
			),
		);
		expect(result.error).toBeUndefined();
		const [request] = await kit().requests();
		expect(request.query).toStrictEqual({
			type: 'api',
			assistant_id: String(owner.id),
			external_identifier: identifier,
			per_page: '50',
		});
		const records = jsonOf(result);
		expect(records.length).toBeGreaterThan(0);
		expect(
			records.every((record) => record.type === 'api' && record.external_identifier === identifier),
		).toBe(true);
	});

	it('filters by assistant: only that assistant’s conversations come back', async () => {
		const { json } = await kit().api('GET', '/api/user/assistants/get?per_page=100');
		const chatAssistant = (json.data as IDataObject[]).find(
			(assistant) => assistant.id === SEED.alice.chatAssistantId,
		)!;
		await kit().clearRequests();
		const result = await kit().run(
			list(
				{ returnAll: true },
				{ assistantId: { __rl: true, mode: 'id', value: String(SEED.alice.chatAssistantId) } },
			),
		);
		const records = jsonOf(result);
		expect(records.length).toBeGreaterThan(0);
		expect(records.every((record) => record.assistant_id === chatAssistant.uuid)).toBe(true);
		expect((await kit().requests())[0].query).toMatchObject({
			assistant_id: String(SEED.alice.chatAssistantId),
		});
	});

	it('sends the customer phone and WhatsApp sender phone filters (a plus sign arrives intact)', async () => {
		const all = jsonOf(await kit().run(list({ returnAll: true }, { type: 'whatsapp' })));
		const sample = all.find(
			(record) => (record.customer as IDataObject)?.phone === SEED.alice.openWindowCustomer.phone,
		)!;
		const senderPhone = (sample.whatsapp_sender as IDataObject).phone as string;
		await kit().clearRequests();

		const result = await kit().run(
			list(
				{},
				{ customerPhone: SEED.alice.openWindowCustomer.phone, whatsappSenderPhone: senderPhone },
			),
		);
		const [request] = await kit().requests();
		expect(request.query).toStrictEqual({
			customer_phone: SEED.alice.openWindowCustomer.phone,
			whatsapp_sender_phone: senderPhone,
			per_page: '50',
		});
		const records = jsonOf(result);
		expect(records.length).toBeGreaterThan(0);
		for (const record of records) {
			expect((record.customer as IDataObject).phone).toBe(SEED.alice.openWindowCustomer.phone);
			expect((record.whatsapp_sender as IDataObject).phone).toBe(senderPhone);
		}
	});

	it('Return All follows next_cursor over several pages', async () => {
		const seeded = await kit().control('POST', '/conversations/seed', {
			user: 'alice',
			count: 250,
		});
		const total = seeded.total as number;
		expect(total).toBeGreaterThan(200);
		await kit().clearRequests();

		const result = await kit().run(list({ returnAll: true }));
		const requests = await kit().requests();
		expect(requests).toHaveLength(Math.ceil(total / 100));
		expect(requests[0].query).toStrictEqual({ per_page: '100' });
		const cursors = requests.slice(1).map((request) => request.query.cursor);
		expect(cursors.every((cursor) => typeof cursor === 'string' && cursor !== '')).toBe(true);
		expect(new Set(cursors).size).toBe(cursors.length);
		const ids = jsonOf(result).map((record) => record.id);
		expect(ids).toHaveLength(total);
		expect(new Set(ids).size).toBe(total);
	});

	it('a Limit above one page asks only for what is still missing', async () => {
		await kit().control('POST', '/conversations/seed', {
			user: 'alice',
			count: 200,
			type: 'widget',
		});
		await kit().clearRequests();
		const result = await kit().run(list({ limit: 150 }, { type: 'widget' }));
		const queries = (await kit().requests()).map((request) => request.query);
		expect(queries).toHaveLength(2);
		expect(queries[0]).toStrictEqual({ type: 'widget', per_page: '100' });
		expect(queries[1]).toMatchObject({
			type: 'widget',
			per_page: '50',
			cursor: expect.any(String),
		});
		const records = jsonOf(result);
		expect(records).toHaveLength(150);
		expect(records.every((record) => record.type === 'widget')).toBe(true);
	});

	it('an assistant of another account is refused by the service with the field named', async () => {
		const result = await kit().run(
			list(
				{},
				{ assistantId: { __rl: true, mode: 'id', value: String(SEED.bob.assistantIds[0]) } },
			),
		);
		expect(result.error?.message).toContain('assistant_id');
		expect(result.error?.context).toMatchObject({
			httpCode: 422,
			fieldErrors: { assistant_id: expect.any(Array) },
		});
	});
});

describe('Conversation → local validation (the item fails naming the field; nothing is sent)', () => {
	const cases: Array<[string, INodeParameters, string]> = [
		['type not an option', list({}, { type: '={{ "email" }}' }), 'type'],
		[
			'assistant ID not an ID',
			list({}, { assistantId: { __rl: true, mode: 'id', value: '={{ "abc" }}' } }),
			'assistant_id',
		],
		['customer phone added but empty', list({}, { customerPhone: '' }), 'customer_phone'],
		[
			'WhatsApp sender phone added but empty',
			list({}, { whatsappSenderPhone: ' ' }),
			'whatsapp_sender_phone',
		],
		[
			'external identifier added but empty',
			list({}, { externalIdentifier: '' }),
			'external_identifier',
		],
		['Limit below 1', list({ limit: 0 }), 'limit'],
	];

	it.each(cases)('%s', async (_title, parameters, field) => {
		await kit().expectFailedBeforeSending(await kit().run(parameters), field);
	});
});

describe('Conversation → Continue On Fail', () => {
	it('returns the error on the failed item, the lists of the others, each paired with its input', async () => {
		const result = await kit().run(list({ limit: 2 }, { type: '={{ $json.type }}' }), {
			continueOnFail: true,
			input: items({ type: 'api' }, { type: 'fax' }, { type: 'widget' }),
		});
		expect(result.error).toBeUndefined();
		const output = jsonOf(result);
		expect(output).toHaveLength(5);
		expect(result.output.map((item) => (item.pairedItem as { item: number }).item)).toEqual([
			0, 0, 1, 2, 2,
		]);
		expect(output[0].type).toBe('api');
		expect(output[1].type).toBe('api');
		expect(output[2].error).toContain('type');
		expect(output[2]).toMatchObject({ httpCode: null, fieldErrors: {} });
		expect(output[3].type).toBe('widget');
		expect((await kit().requests()).map((request) => request.query.type)).toEqual([
			'api',
			'widget',
		]);
	});
});

describe('Conversation → the API token stays secret', () => {
	const runs: Array<[string, INodeParameters, boolean]> = [
		['success', list({ limit: 3 }), false],
		['local failure', list({}, { type: '={{ "email" }}' }), false],
		['local failure, Continue On Fail', list({}, { type: '={{ "email" }}' }), true],
		['service failure', list({}, { assistantId: { __rl: true, mode: 'id', value: '201' } }), false],
		[
			'service failure, Continue On Fail',
			list({}, { assistantId: { __rl: true, mode: 'id', value: '201' } }),
			true,
		],
	];

	it.each(runs)('%s', async (_title, parameters, continueOnFail) => {
		const text = visibleText(await kit().run(parameters, { continueOnFail }));
		expect(text.length).toBeGreaterThan(10);
		expect(text).not.toContain(kit().sandbox.tokens.alice);
	});
});

describeTokenNeverShown(kit, { title: 'SMS, chat and handover: the API token', minRuns: 11 });
