/** AI generate-reply (on /api/ai/… and /api/user/ai/…, per the sandbox option `api`): one turn of an 'api' conversation, rate-limited per token. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serves } from '../../domain/assistants/apiGenerations';
import { roundAmount } from '../../domain/formats';
import { userOf } from '../context';
import { body } from '../input';
import { withinRateLimit } from '../rateLimit';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import { ownedAssistant } from '../../domain/tenancy';
import { hasErrors, isPlainObject, validate } from '../../domain/validation';
import { replyText } from '../../domain/messaging/assistantReply';

const REPLY_COST = 0.01;

export function registerReplyRoutes(app: FastifyInstance, sb: Sandbox): void {
	const generateReply = async (req: FastifyRequest, reply: FastifyReply) => {
		const user = userOf(req);
		if (!withinRateLimit(sb, reply, `reply|${user.token}`, sb.opts.rateLimits.generateReply))
			return reply;
		const b = body(req);
		const errors = validate(b, {
			assistant_id: ['required', 'integer'],
			customer_identifier: ['required', 'string', 'max:255'],
			message: ['required', 'string'],
			variables: ['nullable', 'object'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		const a = ownedAssistant(sb, user, b.assistant_id);
		if (!a) {
			return send(reply, 404, {
				success: false,
				error: 'Assistant not found or does not belong to you',
				error_code: 'ASSISTANT_NOT_FOUND',
			});
		}
		if (user.balance < REPLY_COST) {
			return send(reply, 402, {
				success: false,
				error: 'Insufficient balance. Please top up your account.',
				error_code: 'INSUFFICIENT_BALANCE',
			});
		}
		const ident = b.customer_identifier as string;
		const now = sb.now();
		const key = `${user.id}|${a.id}|${ident}`;
		let conv = sb.state.apiIndex.get(key);
		if (!conv) {
			conv = sb.state.openConversation({
				user_id: user.id,
				assistant_id: a.id,
				type: 'api',
				external_identifier: ident,
				sender_id: null,
				customer_name: null,
				customer_phone: null,
			});
		}
		if (isPlainObject(b.variables)) conv.variables = { ...(conv.variables ?? {}), ...b.variables };
		const msg = b.message as string;
		const text = replyText(a, conv, msg);
		// While the AI is off (human handover), the message is stored but gets no reply and costs nothing.
		conv.messages.push({ role: 'user', content: msg, at: now });
		conv.message_count++;
		if (conv.ai_enabled) {
			conv.messages.push({ role: 'assistant', content: text, at: now });
			conv.message_count++;
			conv.total_cost += REPLY_COST;
			user.balance = roundAmount(user.balance - REPLY_COST);
		}
		conv.updated_at = now;
		return send(reply, 200, {
			success: true,
			conversation_id: conv.uuid,
			customer_identifier: ident,
			reply: conv.ai_enabled ? text : '',
			function_calls: [],
			ai_disabled: !conv.ai_enabled,
		});
	};
	// the path moved to /api/user/ai/… (https://docs.famulor.de/en/api-reference/ai-replies/generate-reply); each generation serves its own
	if (serves(sb.opts.api, 'seed')) app.post('/api/ai/generate-reply', generateReply);
	if (serves(sb.opts.api, 'current')) app.post('/api/user/ai/generate-reply', generateReply);
}
