/**
 * WhatsApp templates: the approved templates of a sender, and the template message that sends one,
 * with its errors, its charge, its rate limit and its read receipts.
 */
import { SEED } from '../../sandbox';
import { balanceOf, expectAnswer, useSandbox, WHATSAPP_SENT } from './helpers';

const c = useSandbox();

const A = SEED.alice;
const T = A.templates;
const NEW_CUSTOMER = '+4915700000001';
const reminder = { customer_name: 'Ada', date: '2026-07-01', time: '10:00' };
const sendTemplate = (over: Record<string, unknown> = {}, as: 'alice' | 'bob' = 'alice') =>
	c.post(
		'/api/user/whatsapp/send',
		{
			sender_id: A.senders.online,
			template_id: T.approved,
			recipient_phone: NEW_CUSTOMER,
			recipient_name: 'Ada Lovelace',
			variables: reminder,
			...over,
		},
		as,
	);
const balance = (user: 'alice' | 'bob') => balanceOf(c, user);

describe('GET /api/user/whatsapp/senders/{senderId}/templates', () => {
	it('lists only approved templates by default, every state with status=all, in the documented shape', async () => {
		const approved = await c.get(`/api/user/whatsapp/senders/${A.senders.online}/templates`);
		expect(approved.status).toBe(200);
		expect(approved.json.data.map((t: { id: number }) => t.id)).toEqual([
			T.approved,
			T.approvedNoVariables,
			T.followUp,
		]);
		expect(approved.json.data[0]).toEqual({
			id: T.approved,
			name: 'appointment_reminder',
			language: 'en',
			category: 'utility',
			status: 'approved',
			body_text: 'Hello {{1}}, your appointment is on {{2}} at {{3}}. Reply to change it.',
			variables: ['customer_name', 'date', 'time'],
			has_variables: true,
		});
		expect(approved.json.data[1]).toMatchObject({ variables: [], has_variables: false });
		const all = await c.get(`/api/user/whatsapp/senders/${A.senders.online}/templates?status=all`);
		expect(all.json.data.map((t: { status: string }) => t.status)).toEqual([
			'approved',
			'approved',
			'pending',
			'rejected',
			'approved',
		]);
	});
	it("answers 404 SENDER_NOT_FOUND for an unknown or another user's sender, 422 for an unknown status", async () => {
		for (const id of [SEED.bob.senders.online, 99999, 'abc']) {
			const r = await c.get(`/api/user/whatsapp/senders/${id}/templates`);
			expectAnswer(r, 404, {
				success: false,
				error: 'Sender not found',
				error_code: 'SENDER_NOT_FOUND',
			});
		}
		const bob = await c.get(
			`/api/user/whatsapp/senders/${SEED.bob.senders.online}/templates`,
			'bob',
		);
		expect(bob.json.data.map((t: { id: number }) => t.id)).toEqual([SEED.bob.templates.approved]);
		const bad = await c.get(
			`/api/user/whatsapp/senders/${A.senders.online}/templates?status=pending`,
		);
		expect(bad.status).toBe(422);
		expect(bad.json).toMatchObject({ success: false, error_code: 'VALIDATION_ERROR' });
	});
});

describe('POST /api/user/whatsapp/send (template message)', () => {
	it('sends, charges the balance, starts a conversation and records the message with its ids for read receipts', async () => {
		const before = await balance('alice');
		const r = await sendTemplate();
		expectAnswer(r, 200, {
			...WHATSAPP_SENT,
			status: 'queued',
		});
		expect(await balance('alice')).toBeCloseTo(before - 0.08, 4);
		const list = await c.get(
			`/api/user/conversations?customer_phone=${encodeURIComponent(NEW_CUSTOMER)}`,
		);
		expect(list.json.data).toHaveLength(1);
		expect(list.json.data[0]).toMatchObject({
			type: 'whatsapp',
			customer: { name: 'Ada Lovelace', phone: NEW_CUSTOMER },
			message_count: 1,
		});
		const state = (await c.ctl('GET', `/state/conversations/${list.json.data[0].id}`)).json;
		expect(state.numeric_id).toBe(r.json.conversation_id);
		expect(state.messages).toEqual([
			expect.objectContaining({
				role: 'assistant',
				direction: 'outbound',
				content: 'Hello Ada, your appointment is on 2026-07-01 at 10:00. Reply to change it.',
				whatsapp: {
					kind: 'template',
					template_id: T.approved,
					message_id: r.json.message_id,
					whatsapp_message_id: r.json.whatsapp_message_id,
					message_sid: r.json.message_sid,
					sender_id: A.senders.online,
					to: NEW_CUSTOMER,
				},
			}),
		]);
	});
	it('takes the variables keyed "1", "2", … as well, and a template without variables without any', async () => {
		const r = await sendTemplate({ variables: { 1: 'Bo', 2: 'today', 3: 'noon' } });
		expect(r.status).toBe(200);
		expect(
			(await sendTemplate({ template_id: T.approvedNoVariables, variables: undefined })).status,
		).toBe(200);
	});
	it('does not open the 24-hour window: a free-form message to the new recipient is still refused', async () => {
		expect((await sendTemplate()).status).toBe(200);
		const status = await c.get(
			`/api/user/whatsapp/session-status?sender_id=${A.senders.online}&recipient_phone=${encodeURIComponent(NEW_CUSTOMER)}`,
		);
		expect(status.json).toMatchObject({
			has_conversation: true,
			session_status: { is_open: false, requires_template: true },
		});
		const freeform = await c.post('/api/user/whatsapp/send-freeform', {
			sender_id: A.senders.online,
			recipient_phone: NEW_CUSTOMER,
			message: 'Hi',
		});
		expect(freeform.status).toBe(403);
	});
	it('answers each documented error with its status, text and code, and charges nothing', async () => {
		const before = await balance('alice');
		const cases: Array<[Record<string, unknown>, number, string, string]> = [
			[
				{ recipient_phone: '0176 1234' },
				422,
				'INVALID_PHONE',
				'Invalid phone number format. Use E.164 format (e.g. +4917612345678).',
			],
			[
				{ sender_id: SEED.bob.senders.online },
				404,
				'SENDER_NOT_FOUND',
				'Sender not found or does not belong to you',
			],
			[
				{ template_id: SEED.bob.templates.approved },
				404,
				'TEMPLATE_NOT_FOUND',
				'Template not found or does not belong to this sender',
			],
			[
				{ template_id: T.ofOfflineSender },
				404,
				'TEMPLATE_NOT_FOUND',
				'Template not found or does not belong to this sender',
			],
			[
				{ template_id: T.pending },
				422,
				'TEMPLATE_NOT_APPROVED',
				'Template is not approved. Current status: pending',
			],
			[
				{ template_id: T.rejected },
				422,
				'TEMPLATE_NOT_APPROVED',
				'Template is not approved. Current status: rejected',
			],
			[
				{
					sender_id: A.senders.offline,
					template_id: T.ofOfflineSender,
					variables: { order_number: 'A-1' },
				},
				422,
				'SENDER_OFFLINE',
				'Sender is not online. Current status: Offline',
			],
		];
		for (const [over, status, code, error] of cases) {
			await c.advance(1000); // past the 5-per-second limit
			const r = await sendTemplate(over);
			expect({ over, status: r.status, body: r.json }).toEqual({
				over,
				status,
				body: { success: false, error, error_code: code },
			});
		}
		expect(await balance('alice')).toBe(before);
	});
	it('validates the body (422 VALIDATION_ERROR with field errors), including missing and unknown template variables', async () => {
		const empty = await c.post('/api/user/whatsapp/send', {});
		expect(empty.status).toBe(422);
		expect(empty.json).toMatchObject({
			success: false,
			error_code: 'VALIDATION_ERROR',
			error: 'The sender id field is required.',
		});
		expect(Object.keys(empty.json.errors).sort()).toEqual([
			'recipient_phone',
			'sender_id',
			'template_id',
		]);
		expect((await sendTemplate({ sender_id: '71' })).json.errors).toEqual({
			sender_id: ['The sender id must be an integer.'],
		});
		expect((await sendTemplate({ recipient_name: 'x'.repeat(256) })).json.errors).toEqual({
			recipient_name: ['The recipient name may not be greater than 255 characters.'],
		});
		await c.advance(1000); // past the 5-per-second limit
		const missing = await sendTemplate({ variables: { customer_name: 'Ada' } });
		expect(missing.status).toBe(422);
		expect(Object.keys(missing.json.errors)).toEqual(['variables.date', 'variables.time']);
		const unknown = await sendTemplate({ variables: { ...reminder, coupon: 'X' } });
		expect(unknown.json.errors).toEqual({
			'variables.coupon': ['Template appointment_reminder has no variable coupon.'],
		});
		const number = await sendTemplate({ variables: { ...reminder, date: 20260701 } });
		expect(number.json.errors).toEqual({
			'variables.date': ['The variable date must be a string.'],
		});
	});
	it('answers 402 INSUFFICIENT_BALANCE when the balance does not cover the message', async () => {
		await c.ctl('POST', '/users/alice/balance', { balance: 0.05 });
		const r = await sendTemplate();
		expectAnswer(r, 402, {
			success: false,
			error: 'Insufficient balance. Please top up your account.',
			error_code: 'INSUFFICIENT_BALANCE',
		});
		expect(await balance('alice')).toBe(0.05);
	});
	it('shares the 5-per-second limit of the user with free-form messages', async () => {
		const freeform = () =>
			c.post('/api/user/whatsapp/send-freeform', {
				sender_id: A.senders.online,
				recipient_phone: A.openWindowCustomer.phone,
				message: 'Hi',
			});
		for (let i = 0; i < 3; i++) expect((await freeform()).status).toBe(200);
		for (let i = 0; i < 2; i++) expect((await sendTemplate()).status).toBe(200);
		const limited = await sendTemplate();
		expect(limited.status).toBe(429);
		expect((await freeform()).status).toBe(429);
		// bob has his own window
		expect(
			(
				await sendTemplate(
					{
						sender_id: SEED.bob.senders.online,
						template_id: SEED.bob.templates.approved,
						variables: { name: 'B' },
					},
					'bob',
				)
			).status,
		).toBe(200);
		await c.advance(1000);
		expect((await sendTemplate()).status).toBe(200);
	});
	it('a template message takes delivery statuses (read receipts) like a free-form one', async () => {
		const sent = await sendTemplate();
		const statuses = await c.ctl(
			'POST',
			`/whatsapp/messages/${sent.json.whatsapp_message_id}/statuses`,
			{ statuses: ['sent', 'delivered'] },
		);
		expect(statuses.status).toBe(200);
		expect(statuses.json).toMatchObject({
			whatsapp_message_id: sent.json.whatsapp_message_id,
			status: 'delivered',
		});
	});
	it('free-form messages carry their ids in the same message store', async () => {
		const r = await c.post('/api/user/whatsapp/send-freeform', {
			sender_id: A.senders.online,
			recipient_phone: A.openWindowCustomer.phone,
			message: 'Hi there',
		});
		const list = await c.get(
			`/api/user/conversations?customer_phone=${encodeURIComponent(A.openWindowCustomer.phone)}`,
		);
		const state = (await c.ctl('GET', `/state/conversations/${list.json.data[0].id}`)).json;
		expect(state.messages.at(-1)).toMatchObject({
			content: 'Hi there',
			whatsapp: {
				kind: 'freeform',
				whatsapp_message_id: r.json.whatsapp_message_id,
				sender_id: A.senders.online,
			},
		});
	});
});
