/**
 * WhatsApp as on the service: while a conversation's AI is on, the sender's assistant answers a
 * customer's message by itself (stored as an `assistant` turn); with the AI off (`--ai off`, as after
 * a handover) the message waits for a human or a workflow. The `messages` command shows who wrote
 * what, so a workflow answering an AI-on chat shows the double reply a user would meet.
 */
import { SEED } from '../../sandbox';
import { authorOf, formatConversation } from '../../sandbox/customerCli';
import { customerCommand } from '../helpers/customerCommand';
import { useSandbox } from './helpers';

const SENDER = SEED.alice.senders.online; // 71, assistant 104 "Chat Concierge"
const MAX = SEED.alice.openWindowCustomer;
const NEW_PHONE = '+4917655500009';

const c = useSandbox();

const customerWrites = async (message: string, extra: Record<string, unknown> = {}) =>
	await c.ctl('POST', '/whatsapp/inbound', {
		sender_id: SENDER,
		customer_phone: MAX.phone,
		message,
		...extra,
	});

const cli = async (command: string, args: Record<string, string>) =>
	await customerCommand(c.sb.url, command, args);

describe('the assistant on the sender', () => {
	it('answers a customer message by itself while the AI is on, the same text every time', async () => {
		const before = await c.ctl(
			'GET',
			`/whatsapp/conversation?sender_id=${SENDER}&customer_phone=${encodeURIComponent(MAX.phone)}`,
		);
		const r = await customerWrites('Are you open on Saturday?');
		expect(r.status).toBe(200);
		expect(r.json).toMatchObject({
			ai_enabled: true,
			reply: expect.stringContaining('Are you open on Saturday?'),
		});
		expect(r.json.reply).toMatch(/^Chat Concierge here\./);
		const history = (await c.get(`/api/conversations/${r.json.conversation_uuid}`)).json.history;
		expect(history.slice(-2)).toEqual([
			{ role: 'user', content: 'Are you open on Saturday?' },
			{ role: 'assistant', content: r.json.reply },
		]);
		const after = await c.ctl('GET', `/state/conversations/${r.json.conversation_uuid}`);
		expect(after.json.message_count).toBe(before.json.message_count + 2);

		await c.ctl('POST', '/reset');
		expect((await customerWrites('Are you open on Saturday?')).json.reply).toBe(r.json.reply);
	});

	it('stays silent with ai_enabled false, and the conversation shows ai_enabled false', async () => {
		const r = await customerWrites('Can I talk to a human?', { ai_enabled: false });
		expect(r.json).toMatchObject({ ai_enabled: false, reply: null });
		const list = await c.get(
			`/api/user/conversations?customer_phone=${encodeURIComponent(MAX.phone)}`,
		);
		expect(list.json.data[0]).toMatchObject({ id: r.json.conversation_uuid, ai_enabled: false });
		const history = (await c.get(`/api/conversations/${r.json.conversation_uuid}`)).json.history;
		expect(history.at(-1)).toEqual({ role: 'user', content: 'Can I talk to a human?' });
	});

	it('starts a new conversation with the AI off when asked; without ai_enabled a conversation keeps its state', async () => {
		const first = await c.ctl('POST', '/whatsapp/inbound', {
			sender_id: SENDER,
			customer_phone: NEW_PHONE,
			message: 'Hi',
			ai_enabled: false,
		});
		expect(first.json).toMatchObject({ ai_enabled: false, reply: null });
		const again = await c.ctl('POST', '/whatsapp/inbound', {
			sender_id: SENDER,
			customer_phone: NEW_PHONE,
			message: 'Anyone there?',
		});
		expect(again.json).toMatchObject({ ai_enabled: false, reply: null });
		const on = await c.ctl('POST', '/whatsapp/inbound', {
			sender_id: SENDER,
			customer_phone: NEW_PHONE,
			message: 'Back to the bot',
			ai_enabled: true,
		});
		expect(on.json.reply).toEqual(expect.stringContaining('Back to the bot'));
	});

	it('refuses an ai_enabled that is not a boolean', async () => {
		const r = await customerWrites('Hi', { ai_enabled: 'off' });
		expect(r.status).toBe(422);
		expect(r.json.errors.ai_enabled).toBeDefined();
	});
});

describe('npm run sandbox -- whatsapp-message / messages', () => {
	it('--ai off hands the chat over; messages shows the customer and the reply a workflow sent', async () => {
		const said = await cli('whatsapp-message', { text: 'Where is my order?', ai: 'off' });
		expect(said).toContain('AI off: no AI reply');
		expect(said).toContain(`messages --sender ${SENDER} --phone ${MAX.phone}`);
		const sent = await c.post('/api/user/whatsapp/send-freeform', {
			sender_id: SENDER,
			recipient_phone: MAX.phone,
			message: 'It ships today.',
		});
		expect(sent.status).toBe(200);
		const shown = (await cli('messages', { sender: String(SENDER), phone: MAX.phone }))
			.trim()
			.split('\n');
		expect(shown[0]).toMatch(
			/^whatsapp conversation [0-9a-f-]{36} with Max Miller \(\+4917612345678\) on \+\S+, assistant Chat Concierge, AI off$/,
		);
		expect(shown.slice(-2)).toEqual([
			expect.stringMatching(
				/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC {2}customer: Where is my order\?$/,
			),
			expect.stringMatching(/ UTC {2}you \(freeform, API\): It ships today\.$/),
		]);
	});

	it('with the AI on, a workflow answering too makes a double reply, visible in messages', async () => {
		const said = await cli('whatsapp-message', { text: 'Do you deliver?' });
		expect(said).toContain('AI on: the assistant answered by itself: Chat Concierge here.');
		await c.post('/api/user/whatsapp/send-freeform', {
			sender_id: SENDER,
			recipient_phone: MAX.phone,
			message: 'Yes, we deliver.',
		});
		const shown = (await cli('messages', {})).trim().split('\n');
		expect(shown.slice(-3).map((line) => line.split('  ')[1].split(':')[0])).toEqual([
			'customer',
			'assistant (AI)',
			'you (freeform, API)',
		]);
	});

	it('messages --conversation shows a widget chat; unknown chats and bad --ai values fail naming the fix', async () => {
		const chat = await c.ctl('POST', '/chat/inbound', {
			assistant_id: SEED.alice.chatAssistantId,
			message: 'Hello widget',
		});
		const shown = await cli('messages', { conversation: chat.json.conversation_id });
		expect(shown).toMatch(/^widget conversation \S+, assistant Chat Concierge, AI on\n/);
		expect(shown).toMatch(/visitor: Hello widget\n.+assistant \(AI\): Chat Concierge here\./);
		await expect(cli('messages', { phone: NEW_PHONE })).rejects.toThrow(
			`No WhatsApp conversation of ${NEW_PHONE} with sender ${SENDER}`,
		);
		await expect(cli('whatsapp-message', { text: 'x', ai: 'maybe' })).rejects.toThrow(
			'--ai takes on or off',
		);
	});
});

test('formatConversation and authorOf name every writer', () => {
	expect(authorOf('widget', { role: 'user', content: '', at: '' })).toBe('visitor');
	expect(
		formatConversation({
			id: 'u1',
			type: 'api',
			ai_enabled: true,
			assistant_name: null,
			messages: [],
		}),
	).toBe('api conversation u1, assistant ?, AI on\n(no messages)');
});
