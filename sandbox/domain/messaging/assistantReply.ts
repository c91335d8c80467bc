/**
 * What the sandbox's assistant answers in a chat (widget, test, API and WhatsApp conversations alike):
 * deterministic text that shows what the assistant was given. The docs show the reply only as an
 * `assistant` turn of the history (https://docs.famulor.de/en/api-reference/chat/get-conversation).
 */
import type { Assistant } from '../../model/assistants';
import type { Conversation } from '../../model/messaging';

/** A deterministic reply that shows what the assistant was given. */
export function replyText(a: Assistant, conv: Conversation, msg: string): string {
	const turns = conv.messages.filter((m) => m.role === 'user').length;
	const prompt = a.system_prompt.split(/(?<=[.!?])\s/)[0].slice(0, 120);
	const vars = conv.variables ?? {};
	const varText = Object.keys(vars).length
		? Object.keys(vars)
				.sort()
				.map((k) => `${k}=${typeof vars[k] === 'string' ? vars[k] : JSON.stringify(vars[k])}`)
				.join(', ')
		: 'none';
	return (
		`${a.name} here. You said: "${msg}". ` +
		`[system prompt: ${prompt}] ` +
		`[earlier turns: ${turns}] ` +
		`[variables: ${varText}]`
	);
}
