/**
 * `npm run sandbox -- whatsapp-message …` / `chat-message …`: a customer writes to a running sandbox
 * (e.g. the one `npm start` runs), through its controls, so a polling trigger has something to see.
 * `messages …` prints a conversation's messages, who wrote what and when, so a user sees both the
 * sandbox assistant's reply and the one their workflow sent. `close-window` / `open-window` close and
 * open a customer's 24-hour WhatsApp window, so a workflow's template branch can be tried too.
 */
import { CONTROL_TOKEN } from './model/accounts';

export const CUSTOMER_COMMANDS = [
	'whatsapp-message',
	'chat-message',
	'messages',
	'close-window',
	'open-window',
] as const;

type Arg = (name: string) => string | undefined;

const DEFAULT_SENDER = '71';
const DEFAULT_PHONE = '+4917612345678';
const DEFAULT_NAME = 'Max Miller';
const DEFAULT_CHAT_ASSISTANT = '104';

const USAGE = `usage:
  npm run sandbox -- whatsapp-message --text "Hello" [--ai on|off] [--sender 71] [--phone +4917612345678] [--name "Max Miller"]
  npm run sandbox -- chat-message --text "Hello" [--assistant 104 | --conversation <uuid>]
  npm run sandbox -- messages [--sender 71] [--phone +4917612345678] | [--conversation <uuid>]
  npm run sandbox -- close-window | open-window [--sender 71] [--phone +4917612345678]
  (--url http://127.0.0.1:3456 by default, or SANDBOX_PORT)`;

/** A stored message as the sandbox's state controls show it. */
export interface StoredMessage {
	role: 'user' | 'assistant';
	content: string;
	at: string;
	whatsapp?: { kind: string; message_id: number };
}

export interface ConversationView {
	id: string;
	type: string;
	ai_enabled: boolean;
	assistant_name: string | null;
	customer?: { name: string | null; phone: string | null };
	whatsapp_sender?: { name: string | null; phone: string | null };
	messages: StoredMessage[];
}

/** Who wrote a message: the customer, the assistant by itself, or the user through the API (a workflow). */
export function authorOf(type: string, message: StoredMessage): string {
	if (message.role === 'user') return type === 'whatsapp' ? 'customer' : 'visitor';
	if (message.whatsapp) return `you (${message.whatsapp.kind}, API)`;
	return 'assistant (AI)';
}

/** "2026-11-28 01:41:12" of the controls' ISO time (UTC). */
const when = (at: string): string => at.slice(0, 19).replace('T', ' ');

export function formatConversation(view: ConversationView): string {
	const who = view.customer
		? ` with ${view.customer.name ?? 'a customer'} (${view.customer.phone ?? '?'}) on ${view.whatsapp_sender?.phone ?? '?'}`
		: '';
	const header = `${view.type} conversation ${view.id}${who}, assistant ${view.assistant_name ?? '?'}, AI ${view.ai_enabled ? 'on' : 'off'}`;
	const lines = view.messages.map(
		(message) => `${when(message.at)} UTC  ${authorOf(view.type, message)}: ${message.content}`,
	);
	return [header, ...(lines.length > 0 ? lines : ['(no messages)'])].join('\n');
}

function aiSetting(arg: Arg): boolean | undefined {
	const ai = arg('ai');
	if (ai === undefined) return undefined;
	if (ai !== 'on' && ai !== 'off') throw new Error(`--ai takes on or off, not "${ai}"\n${USAGE}`);
	return ai === 'on';
}

async function control(
	url: string,
	method: 'GET' | 'POST',
	path: string,
	body?: unknown,
): Promise<Record<string, unknown>> {
	const response = await fetch(`${url}/__sandbox${path}`, {
		method,
		headers: {
			authorization: `Bearer ${CONTROL_TOKEN}`,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const answer = await response.text();
	if (!response.ok) throw new Error(`${path} answered ${response.status}: ${answer}\n${USAGE}`);
	return JSON.parse(answer) as Record<string, unknown>;
}

function messagesCommand(arg: Arg): string {
	const conversation = arg('conversation');
	if (conversation) return `messages --conversation ${conversation}`;
	return `messages --sender ${arg('sender') ?? DEFAULT_SENDER} --phone ${arg('phone') ?? DEFAULT_PHONE}`;
}

async function whatsappMessage(url: string, arg: Arg, text: string): Promise<string> {
	const answer = await control(url, 'POST', '/whatsapp/inbound', {
		sender_id: Number(arg('sender') ?? DEFAULT_SENDER),
		customer_phone: arg('phone') ?? DEFAULT_PHONE,
		customer_name: arg('name') ?? DEFAULT_NAME,
		message: text,
		...(aiSetting(arg) === undefined ? {} : { ai_enabled: aiSetting(arg) }),
	});
	const outcome =
		answer.ai_enabled === true
			? `AI on: the assistant answered by itself: ${String(answer.reply)}\n` +
				'(a workflow with Only While AI Is Off ignores this message; --ai off hands the chat over)'
			: 'AI off: no AI reply; a workflow with Only While AI Is Off answers at its next poll';
	return [
		`WhatsApp message stored in conversation ${String(answer.conversation_uuid)}`,
		outcome,
		`see the conversation: npm run sandbox -- ${messagesCommand(arg)}`,
	].join('\n');
}

async function chatMessage(url: string, arg: Arg, text: string): Promise<string> {
	const conversation = arg('conversation');
	const answer = await control(
		url,
		'POST',
		'/chat/inbound',
		conversation
			? { conversation_id: conversation, message: text }
			: { assistant_id: Number(arg('assistant') ?? DEFAULT_CHAT_ASSISTANT), message: text },
	);
	return JSON.stringify(answer);
}

async function showMessages(url: string, arg: Arg): Promise<string> {
	const conversation = arg('conversation');
	const path = conversation
		? `/state/conversations/${encodeURIComponent(conversation)}`
		: `/whatsapp/conversation?${new URLSearchParams({
				sender_id: arg('sender') ?? DEFAULT_SENDER,
				customer_phone: arg('phone') ?? DEFAULT_PHONE,
			}).toString()}`;
	return formatConversation((await control(url, 'GET', path)) as unknown as ConversationView);
}

/** Closes or opens the window as if the customer's last message came 24 hours ago or now. */
async function setWindow(url: string, arg: Arg, open: boolean): Promise<string> {
	const sender = arg('sender') ?? DEFAULT_SENDER;
	const phone = arg('phone') ?? DEFAULT_PHONE;
	await control(url, 'POST', '/whatsapp/window', {
		sender_id: Number(sender),
		customer_phone: phone,
		open,
	});
	const chat = `the 24-hour WhatsApp window of ${phone} with sender ${sender}`;
	return open
		? `Opened ${chat}, as if the customer wrote now: Get Session Status answers can_send_freeform true`
		: `Closed ${chat}, as if the customer last wrote 24 hours ago: Get Session Status answers ` +
				'can_send_freeform false, so only a template message can be sent\n' +
				'(the customer writing again, or open-window, opens it)';
}

export async function runCustomerCommand(command: string, arg: Arg): Promise<void> {
	const url = arg('url') ?? `http://127.0.0.1:${process.env.SANDBOX_PORT ?? 3456}`;
	let output: string;
	if (command === 'messages') output = await showMessages(url, arg);
	else if (command === 'close-window' || command === 'open-window')
		output = await setWindow(url, arg, command === 'open-window');
	else {
		const text = arg('text');
		if (!text) throw new Error(`--text is required\n${USAGE}`);
		output =
			command === 'whatsapp-message'
				? await whatsappMessage(url, arg, text)
				: await chatMessage(url, arg, text);
	}
	process.stdout.write(`${output}\n`);
}
