/** GET /api/user/conversations: filtered, cursor-paged, newest first. */
import type { FastifyInstance } from 'fastify';
import { cursorPage, decodeCursor } from '../../domain/messaging/conversationCursor';
import { conversationRecord } from '../../domain/messaging/conversationRecord';
import { userOf } from '../context';
import { query } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import type { Conversation } from '../../model/messaging';
import { ownedAssistant } from '../../domain/tenancy';
import { addError, Errors, hasErrors, intParam, perPageParam } from '../../domain/validation';

export function registerConversationRoutes(app: FastifyInstance, sb: Sandbox): void {
	app.get('/api/user/conversations', async (req, reply) => {
		const user = userOf(req);
		const q = query(req);
		const errors: Errors = {};
		if (q.type !== undefined && !['test', 'widget', 'whatsapp', 'api'].includes(q.type)) {
			addError(errors, 'type', 'The selected type is invalid.');
		}
		let assistantId: number | undefined;
		if (q.assistant_id !== undefined) {
			const n = intParam(q.assistant_id);
			if (n === undefined || Number.isNaN(n))
				addError(errors, 'assistant_id', 'The assistant id must be an integer.');
			else if (!ownedAssistant(sb, user, n))
				addError(errors, 'assistant_id', 'The selected assistant id is invalid.');
			else assistantId = n;
		}
		const perPage = perPageParam(errors, q.per_page);
		for (const f of ['customer_phone', 'whatsapp_sender_phone', 'external_identifier'] as const) {
			if (q[f] !== undefined && q[f]!.length > 255)
				addError(errors, f, `The ${f.replace(/_/g, ' ')} may not be greater than 255 characters.`);
		}
		let cursor: { seq: number; next: boolean } | undefined;
		if (q.cursor !== undefined && q.cursor !== '') {
			cursor = decodeCursor(q.cursor);
			if (!cursor) addError(errors, 'cursor', 'The cursor is invalid.');
		}
		if (hasErrors(errors)) return laravel422(reply, errors);
		const pp = perPage ?? 15;
		const list = sb.state.conversations.get(user.id) ?? [];
		const senderPhone = q.whatsapp_sender_phone;
		const match = (c: Conversation): boolean => {
			if (q.type !== undefined && c.type !== q.type) return false;
			if (assistantId !== undefined && c.assistant_id !== assistantId) return false;
			if (q.customer_phone !== undefined && c.customer_phone !== q.customer_phone) return false;
			if (q.external_identifier !== undefined && c.external_identifier !== q.external_identifier)
				return false;
			if (senderPhone !== undefined) {
				const s = c.sender_id !== null ? sb.state.senders.get(c.sender_id) : undefined;
				if (!s || s.phone_number !== senderPhone) return false;
			}
			return true;
		};
		const page = cursorPage(list, cursor, pp, match);
		return send(reply, 200, {
			data: page.items.map((c) => conversationRecord(sb.state, c)),
			path: `${sb.baseUrl}/api/user/conversations`,
			per_page: pp,
			next_cursor: page.next,
			prev_cursor: page.prev,
		});
	});
}
