/**
 * One message of a visitor in a widget (or test) chat, as the chat API's send-message stores it
 * (https://docs.famulor.de/en/api-reference/chat/send-message): the message, then the assistant's
 * reply while the conversation's AI is on, `message_count` and `updated_at` moved with them, and
 * $0.01 for a widget message the AI answers.
 */
import type { Conversation, Message } from '../../model/messaging';
import type { Sandbox } from '../../model/sandbox';
import type { User } from '../../model/accounts';
import { roundAmount } from '../formats';
import { touchConversation } from './conversationEnd';

export const CHAT_MESSAGE_COST = 0.01;

/** The assistant's reply ('' while the AI is off), or `insufficient` when the balance does not cover it (nothing stored). */
export function chatTurn(
	sb: Sandbox,
	user: User,
	conv: Conversation,
	text: string,
	reply: (conv: Conversation, text: string) => string,
): string | 'insufficient' {
	const cost = conv.type === 'widget' && conv.ai_enabled ? CHAT_MESSAGE_COST : 0;
	if (user.balance < cost) return 'insufficient';
	const now = sb.now();
	const answer = conv.ai_enabled ? reply(conv, text) : '';
	conv.messages.push({ role: 'user', content: text, at: now });
	conv.message_count++;
	if (conv.ai_enabled) {
		conv.messages.push({ role: 'assistant', content: answer, at: now });
		conv.message_count++;
	}
	user.balance = roundAmount(user.balance - cost);
	conv.total_cost += cost;
	conv.updated_at = now;
	touchConversation(sb, conv);
	return answer;
}

/** A made-up history (seeded and bulk conversations) of `count` turns, customer first, so `message_count` and the history agree. */
export function seededTurns(count: number, at: number): Message[] {
	return Array.from({ length: count }, (_, i) =>
		i % 2 === 0
			? { role: 'user' as const, content: `Frage ${i / 2 + 1}`, at }
			: { role: 'assistant' as const, content: `Antwort ${(i + 1) / 2}`, at },
	);
}
