/**
 * The end of a chat (widget or WhatsApp): after `conversation_inactivity_timeout` minutes without
 * activity on the sandbox clock, or at once through a control, the assistant's conversation-ended
 * webhook receives the payload of https://docs.famulor.de/en/api-reference (webhooks: conversation ended).
 */
import { isoOffset } from '../formats';
import type { Sandbox } from '../../model/sandbox';
import type { WebhookLogEntry } from '../../model/logs';
import type { Assistant } from '../../model/assistants';
import type { Conversation } from '../../model/messaging';
import type { State } from '../../model/store';
import { deliverWebhook } from '../webhooks/webhookDelivery';

/** Chat types that end with the webhook. */
const ENDING_TYPES: ReadonlyArray<Conversation['type']> = ['widget', 'whatsapp'];

export interface ConversationEndDetails {
	extracted_variables?: Record<string, unknown>;
	attachments?: Array<Record<string, unknown>>;
}

/**
 * Per store (a sandbox reset makes a new one): conversation uuid → cancels its pending inactivity
 * end. The timers are not data; the ends they count down to are (`state.chatEnds`), and a restored
 * sandbox arms them again (resumeInactivityEnds).
 */
const timers = new WeakMap<State, Map<string, () => void>>();

function timersOf(state: State): Map<string, () => void> {
	let pending = timers.get(state);
	if (!pending) {
		pending = new Map();
		timers.set(state, pending);
	}
	return pending;
}

function cancelInactivityEnd(sb: Sandbox, conv: Conversation): void {
	const pending = timersOf(sb.state);
	pending.get(conv.uuid)?.();
	pending.delete(conv.uuid);
}

export function endsWithWebhook(conv: Conversation): boolean {
	return ENDING_TYPES.includes(conv.type);
}

export function conversationEndedAt(sb: Sandbox, conv: Conversation): number | undefined {
	const end = sb.state.chatEnds.get(conv.uuid);
	return end?.status === 'ended' ? end.endedAt : undefined;
}

/** Standard post-call variables of a chat: the schema's names, or the dashboard's `status` and `summary`. */
function extractedVariables(a: Assistant | undefined, conv: Conversation): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const item of a?.post_call_schema ?? []) {
		if (item.type === 'number') out[item.name] = 1;
		else if (item.type === 'bool' || item.type === 'boolean') out[item.name] = true;
		else out[item.name] = `sample ${item.name}`;
	}
	if (Object.keys(out).length === 0)
		return {
			status: true,
			summary: `Chat with ${conv.customer_name ?? 'a visitor'} (${conv.messages.length} messages)`,
		};
	return out;
}

/** Every key present, null where absent; timestamps consistent with each other. */
export function conversationEndedPayload(
	sb: Sandbox,
	conv: Conversation,
	endedAt: number,
	details: ConversationEndDetails,
): Record<string, unknown> {
	const a = sb.state.assistants.get(conv.assistant_id);
	const sender = conv.sender_id !== null ? sb.state.senders.get(conv.sender_id) : undefined;
	const speaker = (role: string) => (role === 'assistant' ? 'AI' : 'Customer');
	return {
		id: conv.numeric_id,
		conversation_id: conv.uuid,
		assistant_id: a?.uuid ?? null,
		type: conv.type,
		message_count: conv.message_count,
		status: 'ended',
		extracted_variables: details.extracted_variables ?? extractedVariables(a, conv),
		input_variables: conv.variables ?? {},
		transcript: conv.messages.map((m) => ({
			role: m.role,
			content: m.content,
			timestamp: isoOffset(m.at),
			timestamp_unix: Math.floor(m.at / 1000),
		})),
		formatted_transcript: conv.messages.map((m) => `${speaker(m.role)}: ${m.content}`).join('\n'),
		attachments: details.attachments ?? [],
		customer_phone: conv.type === 'whatsapp' ? conv.customer_phone : null,
		customer_name: conv.customer_name,
		sender: sender
			? { phone_number: sender.phone_number, display_name: sender.display_name }
			: null,
		created_at: isoOffset(conv.created_at),
		ended_at: isoOffset(endedAt),
	};
}

/** Ends the chat now and awaits the first delivery attempt (undefined when the assistant has no conversation-ended webhook). */
export async function endConversation(
	sb: Sandbox,
	conv: Conversation,
	details: ConversationEndDetails = {},
): Promise<WebhookLogEntry | undefined> {
	cancelInactivityEnd(sb, conv);
	const endedAt = sb.now();
	sb.state.chatEnds.set(conv.uuid, { status: 'ended', endedAt });
	const a = sb.state.assistants.get(conv.assistant_id);
	const url = a?.conversation_ended_webhook_url;
	if (!a || !url) return undefined;
	return await deliverWebhook(sb, {
		kind: 'conversation_ended',
		url,
		payload: conversationEndedPayload(sb, conv, endedAt, details),
		ids: { conversationId: conv.uuid },
		ownerId: a.id,
	});
}

/** Arms the chat's end at `dueAt` on the sandbox clock (at once when that has passed). */
function endAt(sb: Sandbox, conv: Conversation, dueAt: number): void {
	cancelInactivityEnd(sb, conv);
	sb.state.chatEnds.set(conv.uuid, { status: 'counting', dueAt });
	const pending = timersOf(sb.state);
	const cancel = sb.schedule(Math.max(0, dueAt - sb.now()), async () => {
		pending.delete(conv.uuid);
		await endConversation(sb, conv);
	});
	pending.set(conv.uuid, cancel);
}

/** Activity in a chat: it (re)starts the inactivity countdown after which the chat ends. */
export function touchConversation(sb: Sandbox, conv: Conversation): void {
	if (!endsWithWebhook(conv)) return;
	const minutes = sb.state.assistants.get(conv.assistant_id)?.conversation_inactivity_timeout ?? 30;
	endAt(sb, conv, sb.now() + minutes * 60_000);
}

/** A restored sandbox: the chats that were counting down end when they were due (at once if that has passed). */
export function resumeInactivityEnds(sb: Sandbox): void {
	for (const [uuid, end] of sb.state.chatEnds) {
		const conv = sb.state.conversationByUuid.get(uuid);
		if (conv && end.status === 'counting') endAt(sb, conv, end.dueAt);
	}
}
