import { kit } from './setup';
import type { INodeExecutionData } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import { runNode } from '../../../harness/engine';
import { startScriptedServer } from '../../helpers/scriptedServer';
import {
	describeTokenNeverShown,
	expectMiddleItemRefused,
	fieldTypes,
	locator,
	only,
	onlyItemOf,
	phoneItems,
	visibleText,
} from '../kit';

const ALICE = SEED.alice;

const HOUR = 3_600_000;

/** Where Send Free-Form Message sends. */
const SEND_FREEFORM = '/api/user/whatsapp/send-freeform';

async function send(
	parameters: Record<string, unknown>,
	continueOnFail = false,
	input?: INodeExecutionData[],
) {
	return await kit().run(
		{
			resource: 'whatsApp',
			operation: 'sendFreeform',
			senderId: locator(ALICE.senders.online),
			recipientPhone: ALICE.openWindowCustomer.phone,
			message: 'Hallo!',
			...parameters,
		} as never,
		{ continueOnFail, input },
	);
}

describe('WhatsApp → Send Free-Form Message', () => {
	it('sends sender_id as a number, the E.164 phone and the message, and outputs the response', async () => {
		const result = await send({ message: 'Ihr Termin ist bestätigt.' });
		const request = await kit().expectSentOnce(result, `POST ${SEND_FREEFORM}`, { query: {} });
		expect(request.contentType).toMatch(/^application\/json/);
		expect(request.headers.authorization).toBe('Bearer <alice>');
		expect(request.body).toEqual({
			sender_id: 71,
			recipient_phone: '+4917612345678',
			message: 'Ihr Termin ist bestätigt.',
		});
		expect(fieldTypes(request.body)).toEqual({
			sender_id: 'number',
			recipient_phone: 'string',
			message: 'string',
		});
		expect(onlyItemOf(result)).toMatchObject({
			success: true,
			message_sid: expect.stringMatching(/^SM/),
			session_status: { is_open: true, can_send_freeform: true },
		});
		expect(typeof result.output[0].json.message_id).toBe('number');
	});

	it('accepts a message of exactly 4096 characters', async () => {
		const result = await send({ message: 'x'.repeat(4096) });
		const request = await kit().expectSentOnce(result, `POST ${SEND_FREEFORM}`);
		expect((request.body as { message: string }).message).toHaveLength(4096);
	});

	it('once the 24-hour window has closed, fails with 403 SESSION_EXPIRED and tells the user to send a template message', async () => {
		const customer = '+4917655501234';
		await kit().control('POST', '/whatsapp/inbound', {
			sender_id: ALICE.senders.online,
			customer_phone: customer,
			customer_name: 'Test Kunde',
			message: 'Hallo',
		});
		expect((await send({ recipientPhone: customer })).error).toBeUndefined();

		await kit().control('POST', '/clock/advance', { ms: 24 * HOUR + 60_000 });
		await kit().clearRequests();
		const result = await send({ recipientPhone: customer, message: 'Noch da?' });

		expect(result.error?.message).toMatch(/403/);
		expect(result.error?.message).toMatch(/use a template message/i);
		// the service's text names neither side; the message names the pair the window was about
		expect(result.error?.message).toContain(
			`no open 24-hour WhatsApp window between sender ${ALICE.senders.online} and ${customer}`,
		);
		// one statement everywhere: a template message does not reopen the window, only the customer's reply does
		expect(result.error?.description).toMatch(
			/Send an approved WhatsApp template message instead; free-form messages are possible again only after the customer replies/,
		);
		expect(result.error?.description).not.toMatch(/reopen/);
		expect(result.error?.context).toMatchObject({ httpCode: 403, errorCode: 'SESSION_EXPIRED' });
		expect(only(await kit().requests()).status).toBe(403);
	});

	it('from a sender the customer did not write to, the closed-window error names that sender and the customer, and says a window belongs to one pair', async () => {
		const customer = '+4917655507777';
		const other = ALICE.senders.offline;
		await kit().control('POST', `/whatsapp/senders/${other}/status`, { status: 'online' });
		await kit().control('POST', '/whatsapp/inbound', {
			sender_id: ALICE.senders.online,
			customer_phone: customer,
			customer_name: 'Test Kunde',
			message: 'Hallo',
		});
		await kit().clearRequests();
		const result = await send({ senderId: locator(other), recipientPhone: customer });

		expect(result.error?.message).toContain(
			`no open 24-hour WhatsApp window between sender ${other} and ${customer}`,
		);
		expect(result.error?.message).toContain('A window belongs to one sender and one customer');
		expect(result.error?.context).toMatchObject({ httpCode: 403, errorCode: 'SESSION_EXPIRED' });
		expect(only(await kit().requests()).body).toMatchObject({ sender_id: other });
	});

	it('with Continue On Fail, a closed window becomes an error item with the template advice, status and code', async () => {
		const result = await send({ recipientPhone: ALICE.expiredWindowCustomer.phone }, true);
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({
			error: expect.stringMatching(/template message/),
			httpCode: 403,
			errorCode: 'SESSION_EXPIRED',
		});
	});

	it('maps 402 Insufficient Balance', async () => {
		await kit().control('POST', '/users/alice/balance', { balance: 0 });
		const result = await send({});
		expect(result.error?.message).toMatch(/402/);
		expect(result.error?.message).toMatch(/INSUFFICIENT_BALANCE/);
		expect(result.error?.description).toMatch(/Top up/);
		expect(result.error?.context).toMatchObject({
			httpCode: 402,
			errorCode: 'INSUFFICIENT_BALANCE',
		});
		expect(result.error?.message).not.toMatch(/template/);
	});

	it('maps 404 for a sender of another account', async () => {
		const result = await send({ senderId: locator(SEED.bob.senders.online) });
		expect(result.error?.context).toMatchObject({ httpCode: 404, errorCode: 'SENDER_NOT_FOUND' });
		expect(result.error?.description).toMatch(/sender ID/);
	});

	it('maps 503 Sender Offline and does not repeat the billed send', async () => {
		const result = await send({ senderId: locator(ALICE.senders.offline) });
		expect(result.error?.message).toMatch(/503/);
		expect(result.error?.context).toMatchObject({ httpCode: 503, errorCode: 'SENDER_OFFLINE' });
		expect(result.error?.description).toMatch(/offline/);
		expect(await kit().requests()).toHaveLength(1);
	});

	it.each([
		[
			'a message over 4096 characters',
			{ message: 'x'.repeat(4097) },
			/Message \(message\) must be at most 4096 characters, got 4097/,
		],
		['an empty message', { message: '   ' }, /Message \(message\) is required/],
		[
			'a phone number not in E.164',
			{ recipientPhone: '0176 12345678' },
			/Recipient Phone \(recipient_phone\) must be a phone number in E\.164/,
		],
		// An expression, as an AI agent's value would be: n8n checks the By ID pattern only on fixed values.
		[
			'a sender that is not an ID',
			{ senderId: locator('={{ "abc" }}') },
			/Sender \(sender_id\) must be a positive whole number/,
		],
	])('fails the item on %s and sends nothing', async (_case, parameters, message) => {
		const result = await send(parameters);
		expect(result.error?.message).toMatch(message);
		expect(await kit().requests()).toEqual([]);
	});

	it('with Continue On Fail, sends the good items and returns the bad one as an error item', async () => {
		const open = ALICE.openWindowCustomer.phone;
		const input = phoneItems(open, '12345', open);
		const result = await send({ recipientPhone: '={{ $json.phone }}' }, true, input);
		expectMiddleItemRefused(result, /recipient_phone/);
		expect(result.output[0].json.success).toBe(true);
		expect(result.output[2].json.success).toBe(true);
		const log = await kit().requests();
		expect(log).toHaveLength(2);
		expect(
			log.every(
				(entry) =>
					(entry.body as { recipient_phone: string }).recipient_phone ===
					ALICE.openWindowCustomer.phone,
			),
		).toBe(true);
	});
});

describe("WhatsApp → Send Free-Form Message: 403 bodies other than the sandbox's", () => {
	async function sendAgainst(answer: { status: number; body: unknown }) {
		const server = await startScriptedServer();
		server.enqueue(answer);
		try {
			const result = await runNode({
				parameters: {
					resource: 'whatsApp',
					operation: 'sendFreeform',
					senderId: locator(71),
					recipientPhone: '+4917612345678',
					message: 'Hallo',
				} as never,
				credentials: { apiToken: 'scripted-token-0123456789', baseUrl: server.url },
			});
			kit().runs.push(result);
			expect(server.requests).toHaveLength(1);
			expect(visibleText(result)).not.toContain('scripted-token-0123456789');
			return result;
		} finally {
			await server.close();
		}
	}

	it("adds the template advice to the message when the service's text lacks it", async () => {
		const result = await sendAgainst({
			status: 403,
			body: { success: false, error: 'Session expired', error_code: 'SESSION_EXPIRED' },
		});
		expect(result.error?.message).toBe(
			"Famulor API error 403: Session expired [SESSION_EXPIRED] — no open 24-hour WhatsApp window between sender 71 and +4917612345678. A window belongs to one sender and one customer and opens when that customer writes to that sender: send from the sender the customer wrote to (e.g. the polling trigger's sender_id), or send a WhatsApp template message instead",
		);
		expect(result.error?.context).toMatchObject({ httpCode: 403, errorCode: 'SESSION_EXPIRED' });
	});

	it("treats a bare 403 as the closed window (the seed specification (the API docs of February 2026)'s error table)", async () => {
		const result = await sendAgainst({ status: 403, body: { message: 'Forbidden' } });
		expect(result.error?.message).toMatch(/send a WhatsApp template message instead$/);
		expect(result.error?.context).toMatchObject({ httpCode: 403, errorCode: null });
	});

	it('gives no template advice for a 403 about token permissions', async () => {
		const result = await sendAgainst({
			status: 403,
			body: {
				error: 'Insufficient permissions',
				message: 'Your API key does not have permission for this resource',
			},
		});
		expect(result.error?.message).toMatch(/403: Insufficient permissions/);
		expect(result.error?.message).not.toMatch(/template/);
	});
});

describeTokenNeverShown(kit, { title: 'WhatsApp: the API token', minRuns: 11 });
