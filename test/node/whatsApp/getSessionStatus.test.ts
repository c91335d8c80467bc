import { kit } from './setup';
import { SEED } from '../../../sandbox';
import { locator, only, describeTokenNeverShown } from '../kit';

const ALICE = SEED.alice;

const HOUR = 3_600_000;

async function status(parameters: Record<string, unknown>) {
	return await kit().run({
		resource: 'whatsApp',
		operation: 'getSessionStatus',
		senderId: locator(ALICE.senders.online),
		recipientPhone: ALICE.openWindowCustomer.phone,
		...parameters,
	} as never);
}

describe('WhatsApp → Get Session Status', () => {
	it('sends sender_id and recipient_phone as query parameters and outputs the open window', async () => {
		const result = await status({});
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/api/user/whatsapp/session-status');
		expect(request.query).toEqual({ sender_id: '71', recipient_phone: '+4917612345678' });
		expect(request.body).toBeNull();
		expect(result.output).toHaveLength(1);
		expect(result.output[0].json).toMatchObject({
			success: true,
			has_conversation: true,
			customer_name: ALICE.openWindowCustomer.name,
			session_status: { is_open: true, can_send_freeform: true, requires_template: false },
		});
	});

	it('in version 2, outputs the sender and recipient it checked in front of the answer, so a send can take them from the item', async () => {
		const result = await kit().run(
			{
				resource: 'whatsApp',
				operation: 'getSessionStatus',
				senderId: locator(ALICE.senders.online),
				recipientPhone: ALICE.openWindowCustomer.phone,
			} as never,
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		const json = result.output[0].json;
		expect(Object.keys(json).slice(0, 2)).toEqual(['sender_id', 'recipient_phone']);
		expect(json).toMatchObject({
			sender_id: ALICE.senders.online,
			recipient_phone: ALICE.openWindowCustomer.phone,
			has_conversation: true,
			session_status: { can_send_freeform: true },
		});
	});

	it('in version 1, outputs the answer as before', async () => {
		const result = await status({});
		expect(result.output[0].json).not.toHaveProperty('recipient_phone');
		expect(result.output[0].json).not.toHaveProperty('sender_id');
	});

	it('reports requires_template after the window closes', async () => {
		await kit().control('POST', '/clock/advance', { ms: 24 * HOUR });
		const result = await status({});
		expect(result.output[0].json.session_status).toMatchObject({
			is_open: false,
			can_send_freeform: false,
			requires_template: true,
		});
	});

	it('reports no conversation for an unknown customer', async () => {
		const result = await status({ recipientPhone: ALICE.unknownCustomerPhone });
		expect(result.output[0].json).toMatchObject({
			has_conversation: false,
			session_status: { requires_template: true },
		});
	});

	it('maps 404 for an unknown sender', async () => {
		const result = await status({ senderId: locator(999) });
		expect(result.error?.context).toMatchObject({ httpCode: 404, errorCode: 'SENDER_NOT_FOUND' });
	});

	it('fails the item on a phone number not in E.164 and sends nothing', async () => {
		const result = await status({ recipientPhone: '+49 176 1234' });
		expect(result.error?.message).toMatch(/recipient_phone/);
		expect(await kit().requests()).toEqual([]);
	});
});

describeTokenNeverShown(kit);
