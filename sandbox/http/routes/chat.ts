/**
 * The chat API (`/api/conversations`): create a widget or test conversation with an assistant (by its
 * UUID), send a user message and get the assistant's reply, read a conversation. Errors are
 * `{status:false, error}`. Widget messages cost 0.01 each (test ones are free); while the AI of a
 * conversation is off, messages are stored but get no reply (`message: ""`) and cost nothing. Activity
 * restarts a widget chat's inactivity timer (the conversation-ended webhook).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { touchConversation } from '../../domain/messaging/conversationEnd';
import { userOf } from '../context';
import { body, params } from '../input';
import { send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import type { Conversation } from '../../model/messaging';
import type { User } from '../../model/accounts';
import { isPlainObject } from '../../domain/validation';
import { replyText } from '../../domain/messaging/assistantReply';
import { CHAT_MESSAGE_COST, chatTurn } from '../../domain/messaging/chatTurn';

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
const INSUFFICIENT = 'Insufficient balance. Please top up your account.';

function chatError(reply: FastifyReply, status: number, error: string): FastifyReply {
	return send(reply, status, { status: false, error });
}

/** One of the user's conversations by UUID; another user's answers like an unknown one. */
export function ownedConversation(sb: Sandbox, user: User, uuid: string): Conversation | undefined {
	const c = sb.state.conversationByUuid.get(uuid);
	return c && c.user_id === user.id ? c : undefined;
}

function fillVariables(text: string, variables: Record<string, unknown>): string {
	return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
		variables[name] === undefined ? whole : String(variables[name]),
	);
}

export function registerChatRoutes(app: FastifyInstance, sb: Sandbox): void {
	app.post('/api/conversations', async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		if (typeof b.assistant_id !== 'string' || b.assistant_id.trim() === '')
			return chatError(reply, 422, 'assistant_id is required');
		const type = b.type ?? 'widget';
		if (type !== 'widget' && type !== 'test')
			return chatError(reply, 422, 'type must be widget or test');
		if (b.variables !== undefined && b.variables !== null && !isPlainObject(b.variables))
			return chatError(reply, 422, 'variables must be an object');
		const assistant = [...sb.state.assistants.values()].find(
			(a) => a.uuid === b.assistant_id && a.user_id === user.id,
		);
		if (!assistant) return chatError(reply, 404, 'Assistant not found');
		if (type === 'widget' && user.balance < CHAT_MESSAGE_COST)
			return chatError(reply, 400, INSUFFICIENT);
		const conv = sb.state.openConversation({
			user_id: user.id,
			assistant_id: assistant.id,
			type,
			external_identifier: null,
			sender_id: null,
			customer_name: null,
			customer_phone: null,
		});
		if (isPlainObject(b.variables)) conv.variables = { ...b.variables };
		if (assistant.initial_message.trim() !== '') {
			conv.messages.push({
				role: 'assistant',
				content: fillVariables(assistant.initial_message, conv.variables ?? {}),
				at: sb.now(),
			});
			conv.message_count++;
		}
		touchConversation(sb, conv);
		return send(reply, 200, {
			status: true,
			conversation_id: conv.uuid,
			history: conv.messages.map(({ role, content }) => ({ role, content })),
		});
	});

	app.post('/api/conversations/:uuid/messages', async (req, reply) => {
		const user = userOf(req);
		const conv = ownedConversation(sb, user, params(req).uuid);
		// Whether the chat API takes WhatsApp or api conversations is not documented; here it takes only its own.
		if (!conv || (conv.type !== 'widget' && conv.type !== 'test'))
			return chatError(reply, 404, 'Conversation not found');
		const b = body(req);
		if (typeof b.message !== 'string' || b.message.trim() === '')
			return chatError(reply, 422, 'message is required');
		if ([...b.message].length > CHAT_MESSAGE_MAX_LENGTH)
			return chatError(
				reply,
				422,
				`message may not be greater than ${CHAT_MESSAGE_MAX_LENGTH} characters`,
			);
		const text = chatTurn(sb, user, conv, b.message, (c, m) =>
			replyText(sb.state.assistants.get(c.assistant_id)!, c, m),
		);
		if (text === 'insufficient') return chatError(reply, 400, INSUFFICIENT);
		return send(reply, 200, { status: true, message: text, function_calls: [] });
	});

	app.get('/api/conversations/:uuid', async (req, reply) => {
		const user = userOf(req);
		const conv = ownedConversation(sb, user, params(req).uuid);
		if (!conv) return chatError(reply, 404, 'Conversation not found');
		const out: Record<string, unknown> = {
			status: true,
			history: conv.messages.map(({ role, content }) => ({ role, content })),
			variables: conv.variables,
		};
		if (conv.type === 'api') out.external_identifier = conv.external_identifier;
		if (conv.type === 'whatsapp') {
			const sender = conv.sender_id !== null ? sb.state.senders.get(conv.sender_id) : undefined;
			out.whatsapp_sender = {
				name: sender?.display_name ?? null,
				phone: sender?.phone_number ?? null,
			};
			out.customer = { name: conv.customer_name, phone: conv.customer_phone };
		}
		return send(reply, 200, out);
	});

	// Human handover: the AI of one conversation off and on again. Repeating either is harmless (the docs are silent).
	for (const [action, enabled] of [
		['disable-ai', false],
		['enable-ai', true],
	] as const) {
		app.post(`/api/automate/conversations/:uuid/${action}`, async (req, reply) => {
			const conv = ownedConversation(sb, userOf(req), params(req).uuid);
			if (!conv) return chatError(reply, 404, 'Conversation not found');
			conv.ai_enabled = enabled;
			conv.updated_at = sb.now();
			return send(reply, 200, { status: true, ai_enabled: enabled });
		});
	}
}
