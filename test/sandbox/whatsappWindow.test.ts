/**
 * `POST /__sandbox/whatsapp/window` and `npm run sandbox -- close-window` / `open-window`: a customer's
 * 24-hour window closes (as if they last wrote 24 hours ago) and opens again, so the README's first
 * workflow can take its template branch; the conversation's messages stay as they were, and a free-form
 * send is refused while the window is closed.
 */
import { SEED } from '../../sandbox';
import { customerCommand } from '../helpers/customerCommand';
import { useSandbox } from './helpers';

const SENDER = SEED.alice.senders.online;
const CUSTOMER = SEED.alice.openWindowCustomer.phone;

const c = useSandbox();

const sessionStatus = async () =>
	(
		await c.get(
			`/api/user/whatsapp/session-status?sender_id=${SENDER}&recipient_phone=${encodeURIComponent(CUSTOMER)}`,
		)
	).json.session_status;

const messages = async () =>
	(
		await c.ctl(
			'GET',
			`/whatsapp/conversation?sender_id=${SENDER}&customer_phone=${encodeURIComponent(CUSTOMER)}`,
		)
	).json;

test('the control closes an open window and opens it again, leaving the messages and updated_at alone', async () => {
	expect(await sessionStatus()).toMatchObject({ is_open: true, can_send_freeform: true });
	const before = await messages();

	const closed = await c.ctl('POST', '/whatsapp/window', {
		sender_id: SENDER,
		customer_phone: CUSTOMER,
		open: false,
	});
	expect(closed.status).toBe(200);
	expect(closed.json).toMatchObject({
		conversation_uuid: before.id,
		session_status: { is_open: false, can_send_freeform: false, requires_template: true },
	});
	expect(await sessionStatus()).toMatchObject({
		is_open: false,
		can_send_freeform: false,
		requires_template: true,
	});
	const send = await c.post('/api/user/whatsapp/send-freeform', {
		sender_id: SENDER,
		recipient_phone: CUSTOMER,
		message: 'Still there?',
	});
	expect(send.status).toBe(403);
	expect(JSON.stringify(send.json)).toContain('SESSION_EXPIRED');
	const after = await messages();
	expect(after.messages).toEqual(before.messages);
	expect(after.updated_at).toBe(before.updated_at);

	const opened = await c.ctl('POST', '/whatsapp/window', {
		sender_id: SENDER,
		customer_phone: CUSTOMER,
		open: true,
	});
	expect(opened.json.session_status).toMatchObject({ is_open: true, minutes_remaining: 24 * 60 });
});

test('a customer writing opens a closed window, as on WhatsApp', async () => {
	await c.ctl('POST', '/whatsapp/window', {
		sender_id: SENDER,
		customer_phone: CUSTOMER,
		open: false,
	});
	await c.ctl('POST', '/whatsapp/inbound', {
		sender_id: SENDER,
		customer_phone: CUSTOMER,
		message: 'Hello again',
	});
	expect(await sessionStatus()).toMatchObject({ is_open: true, can_send_freeform: true });
});

test('the control refuses a chat that does not exist and a body without open', async () => {
	const unknown = await c.ctl('POST', '/whatsapp/window', {
		sender_id: SENDER,
		customer_phone: SEED.alice.unknownCustomerPhone,
		open: false,
	});
	expect(unknown.status).toBe(404);
	expect(unknown.json.message).toBe(
		`No WhatsApp conversation of ${SEED.alice.unknownCustomerPhone} with sender ${SENDER}`,
	);
	const incomplete = await c.ctl('POST', '/whatsapp/window', {
		sender_id: SENDER,
		customer_phone: CUSTOMER,
	});
	expect(incomplete.status).toBe(422);
	expect(Object.keys(incomplete.json.errors)).toEqual(['open']);
});

test('npm run sandbox -- close-window / open-window: Max Miller with sender 71 by default, saying what changed', async () => {
	const closed = await customerCommand(c.sb.url, 'close-window', {});
	expect(closed).toContain(
		`Closed the 24-hour WhatsApp window of ${CUSTOMER} with sender ${SENDER}`,
	);
	expect(closed).toContain('can_send_freeform false');
	expect(await sessionStatus()).toMatchObject({ can_send_freeform: false });

	const opened = await customerCommand(c.sb.url, 'open-window', {});
	expect(opened).toContain(
		`Opened the 24-hour WhatsApp window of ${CUSTOMER} with sender ${SENDER}`,
	);
	expect(await sessionStatus()).toMatchObject({ can_send_freeform: true });

	const other = SEED.alice.expiredWindowCustomer.phone;
	await customerCommand(c.sb.url, 'open-window', { phone: other });
	expect(
		(
			await c.get(
				`/api/user/whatsapp/session-status?sender_id=${SENDER}&recipient_phone=${encodeURIComponent(other)}`,
			)
		).json.session_status,
	).toMatchObject({ can_send_freeform: true });
});

test('a command for a chat that does not exist fails with the sandbox answer', async () => {
	await expect(
		customerCommand(c.sb.url, 'close-window', { phone: SEED.alice.unknownCustomerPhone }),
	).rejects.toThrow(/answered 404: .*No WhatsApp conversation of/);
});
