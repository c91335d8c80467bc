import { kit, run } from './setup';
import type { INodeExecutionData } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import { QUEUED_TEMPLATE_SEND } from '../../helpers/whatsAppAnswers';
import {
	describeTokenNeverShown,
	expectMiddleItemRefused,
	expectPairedWith,
	fieldTypes,
	jsonOf,
	locator,
	notAnIdRow,
	only,
	onlyItemOf,
	phoneItems,
} from '../kit';

const ALICE = SEED.alice;

const T = ALICE.templates;

const NEW_CUSTOMER = '+4915700000001';

const reminderValues = { customer_name: 'Ada', date: '2026-07-01', time: '10:00' };

const mapped = (value: Record<string, unknown> | null) => ({ mappingMode: 'defineBelow', value });

async function sendTemplate(
	parameters: Record<string, unknown>,
	continueOnFail = false,
	input?: INodeExecutionData[],
) {
	return await run(
		{
			resource: 'whatsApp',
			operation: 'sendTemplate',
			senderId: locator(ALICE.senders.online),
			templateId: locator(T.approved),
			recipientPhone: NEW_CUSTOMER,
			recipientName: 'Ada Lovelace',
			templateVariables: mapped(reminderValues),
			...parameters,
		},
		{ continueOnFail, input },
	);
}

describe('WhatsApp → Send Template Message', () => {
	it("checks the template against the sender's list, then sends sender_id, template_id, phone, name and the named variables once", async () => {
		const result = await sendTemplate({});
		expect(result.error).toBeUndefined();
		const log = await kit().requests();
		expect(log.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			`GET /api/user/whatsapp/senders/${ALICE.senders.online}/templates`,
			'POST /api/user/whatsapp/send',
		]);
		expect(log[0].query).toEqual({ status: 'all' });
		const send = log[1];
		expect(send.contentType).toMatch(/^application\/json/);
		expect(send.body).toEqual({
			sender_id: 71,
			template_id: 7101,
			recipient_phone: NEW_CUSTOMER,
			recipient_name: 'Ada Lovelace',
			variables: reminderValues,
		});
		expect(fieldTypes(send.body)).toEqual({
			sender_id: 'number',
			template_id: 'number',
			recipient_phone: 'string',
			recipient_name: 'string',
			variables: 'object',
		});
		expect(onlyItemOf(result)).toEqual(QUEUED_TEMPLATE_SEND);
	});

	it("leaves out recipient_name and variables when there are none, and reads each sender's templates once per run", async () => {
		const input = [{ json: { phone: '+4915700000002' } }, { json: { phone: '+4915700000003' } }];
		const result = await sendTemplate(
			{
				templateId: locator(T.approvedNoVariables),
				recipientName: '',
				templateVariables: mapped(null),
				recipientPhone: '={{ $json.phone }}',
			},
			false,
			input,
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((json) => json.success)).toEqual([true, true]);
		const log = await kit().requests();
		expect(log.map((entry) => entry.method)).toEqual(['GET', 'POST', 'POST']);
		expect(log[1].body).toEqual({
			sender_id: 71,
			template_id: 7102,
			recipient_phone: '+4915700000002',
		});
		expect(log[2].body).toEqual({
			sender_id: 71,
			template_id: 7102,
			recipient_phone: '+4915700000003',
		});
	});

	it('turns numbers from expressions into text, as the variables are strings', async () => {
		const result = await sendTemplate({
			templateVariables: mapped({ customer_name: 'Ada', date: '={{ 20260701 }}', time: '10:00' }),
		});
		expect(result.error).toBeUndefined();
		expect((await kit().requests('/api/user/whatsapp/send'))[0].body).toMatchObject({
			variables: { date: '20260701' },
		});
	});

	it.each([
		[
			'a recipient not in E.164',
			{ recipientPhone: '0157 0000001' },
			/Recipient Phone \(recipient_phone\) must be a phone number in E\.164/,
		],
		[
			'a recipient name over 255 characters',
			{ recipientName: 'x'.repeat(256) },
			/Recipient Name \(recipient_name\) must be at most 255 characters, got 256/,
		],
		notAnIdRow('a template that is not an ID', 'templateId', 'Template (template_id)', 'reminder'),
		notAnIdRow('a sender that is not an ID', 'senderId', 'Sender (sender_id)', ''),
		[
			'a variable that is a list',
			{ templateVariables: mapped({ ...reminderValues, date: '={{ [1, 2] }}' }) },
			/Template Variables \(variables\) "date" must be text/,
		],
	])('fails the item on %s and sends nothing', async (_case, parameters, message) => {
		const result = await sendTemplate(parameters);
		await kit().expectFailedBeforeSending(result, message.source.match(/\\\((\w+)\\\)/)?.[1] ?? '');
		expect(result.error?.message).toMatch(message);
	});

	it.each([
		[
			'a pending template',
			{ templateId: locator(T.pending), templateVariables: mapped({ customer_name: 'Ada' }) },
			'Template (template_id) "summer_sale" is pending: only approved templates can be sent',
		],
		[
			'a rejected template',
			{ templateId: locator(T.rejected), templateVariables: mapped({ prize: 'x' }) },
			'Template (template_id) "old_promo" is rejected: only approved templates can be sent',
		],
		[
			"another sender's template",
			{ templateId: locator(T.ofOfflineSender) },
			'Template (template_id) 7201 is not a template of sender 71: pick one from the Template list',
		],
		[
			'a missing variable',
			{ templateVariables: mapped({ customer_name: 'Ada', date: '', time: '10:00' }) },
			'Template Variables (variables) needs a value for "date" of template "appointment_reminder"',
		],
		[
			'an unknown variable',
			{ templateVariables: mapped({ ...reminderValues, coupon: 'X' }) },
			'Template Variables (variables) has "coupon", which template "appointment_reminder" does not have (it has: customer_name, date, time); reload the variables',
		],
	])(
		'refuses %s after reading the templates, before the billed send',
		async (_case, parameters, message) => {
			const result = await sendTemplate(parameters);
			expect(result.error?.name).toBe('NodeOperationError');
			expect(result.error?.message).toBe(message);
			expect((await kit().requests()).map((entry) => entry.method)).toEqual(['GET']);
		},
	);

	describe('three items where item 1 cannot be sent', () => {
		const input = [
			{ json: { date: '2026-07-01', template: T.approved } },
			{ json: { date: '', template: T.approved } },
			{ json: { date: '2026-07-03', template: T.approved } },
		];
		const foreign = input.map((item, index) =>
			index === 1
				? { json: { ...item.json, date: '2026-07-02', template: T.ofOfflineSender } }
				: item,
		);
		const perItem = {
			templateId: locator('={{ $json.template }}'),
			templateVariables: mapped({ ...reminderValues, date: '={{ $json.date }}' }),
		};

		it.each([
			['lacks a variable', input, 'needs a value for "date"'],
			["names another sender's template", foreign, '7201 is not a template of sender 71'],
		])(
			'when item 1 %s, the run fails before the first billed send',
			async (_case, items, message) => {
				const result = await sendTemplate(perItem, false, items);
				expect(result.error?.message).toContain(message);
				expect(await kit().requests('/api/user/whatsapp/send')).toEqual([]);
				// The sender's templates were read once for the whole run.
				expect(
					await kit().requests(`/api/user/whatsapp/senders/${ALICE.senders.online}/templates`),
				).toHaveLength(1);
			},
		);

		it.each([
			['lacks a variable', input],
			["names another sender's template", foreign],
		])(
			'when item 1 %s, with Continue On Fail items 0 and 2 are sent and item 1 is an error item',
			async (_case, items) => {
				const result = await sendTemplate(perItem, true, items);
				expect(result.error).toBeUndefined();
				expectPairedWith(result, [0, 1, 2]);
				expect(result.output[1].json.error).toMatch(
					/^Template (Variables \(variables\)|\(template_id\))/,
				);
				const sends = await kit().requests('/api/user/whatsapp/send');
				expect(
					sends.map((send) => (send.body as { variables: { date: string } }).variables.date),
				).toEqual(['2026-07-01', '2026-07-03']);
			},
		);
	});

	it("maps the service's errors: 422 SENDER_OFFLINE, 404 SENDER_NOT_FOUND, 402 INSUFFICIENT_BALANCE, and sends each once", async () => {
		await kit().control('POST', `/whatsapp/senders/${ALICE.senders.online}/status`, {
			status: 'offline',
		});
		const offline = await sendTemplate({});
		expect(offline.error?.context).toMatchObject({ httpCode: 422, errorCode: 'SENDER_OFFLINE' });
		expect(offline.error?.message).toMatch(/Sender is not online/);
		expect(await kit().requests('/api/user/whatsapp/send')).toHaveLength(1);
		await kit().control('POST', `/whatsapp/senders/${ALICE.senders.online}/status`, {
			status: 'online',
		});

		await kit().clearRequests();
		const foreign = await sendTemplate({
			senderId: locator(SEED.bob.senders.online),
			templateId: locator(SEED.bob.templates.approved),
		});
		expect(foreign.error?.context).toMatchObject({ httpCode: 404, errorCode: 'SENDER_NOT_FOUND' });
		expect(only(await kit().requests()).method).toBe('GET');

		await kit().clearRequests();
		await kit().control('POST', '/users/alice/balance', { balance: 0 });
		const poor = await sendTemplate({});
		expect(poor.error?.context).toMatchObject({ httpCode: 402, errorCode: 'INSUFFICIENT_BALANCE' });
		expect(await kit().requests('/api/user/whatsapp/send')).toHaveLength(1);
	});

	it('never repeats the billed send after a 5xx: the item fails saying the outcome is unknown', async () => {
		await kit().fault({ method: 'POST', path: '/api/user/whatsapp/send', count: 1, kind: '500' });
		const result = await sendTemplate({});
		expect(result.error?.message).toMatch(/outcome unknown/);
		expect(result.error?.context).toMatchObject({ errorCode: 'OUTCOME_UNKNOWN' });
		expect(await kit().requests('/api/user/whatsapp/send')).toHaveLength(1);
	});

	it('paces template sends to the documented 5 per second: seven items, no 429', async () => {
		const input = Array.from({ length: 7 }, (_, index) => ({
			json: { phone: `+49157000001${String(index).padStart(2, '0')}` },
		}));
		const result = await sendTemplate({ recipientPhone: '={{ $json.phone }}' }, false, input);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((json) => json.success)).toEqual(Array(7).fill(true));
		const sends = await kit().requests('/api/user/whatsapp/send');
		expect(sends.map((entry) => entry.status)).toEqual(Array(7).fill(200));
	});

	it('with Continue On Fail, sends the good items and returns the bad ones as error items, paired', async () => {
		const input = phoneItems('+4915700000004', 'nope', '+4915700000005');
		const result = await sendTemplate({ recipientPhone: '={{ $json.phone }}' }, true, input);
		expectMiddleItemRefused(result, /recipient_phone/);
		expect(result.output[0].json.success).toBe(true);
		expect(result.output[2].json.success).toBe(true);
		expect(await kit().requests('/api/user/whatsapp/send')).toHaveLength(2);
	});
});

describeTokenNeverShown(kit, { title: 'WhatsApp templates: the API token', minRuns: 11 });
