/** Controls that play the outside world: calls ending or coming in, customer WhatsApp messages, sender and document status, bulk conversations. */
import type { FastifyInstance } from 'fastify';
import { CallEnd, endCall, startCall } from '../../domain/calls/callLifecycle';
import { callRecord } from '../../domain/calls/callRecords';
import { documentRecord } from '../../domain/knowledgeBases/knowledgeBaseRecords';
import { isoOffset } from '../../domain/formats';
import { CONTROL_PREFIX } from '../hooks/auth';
import { type Body, hasErrors, validate } from '../../domain/validation';
import { body, params } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import { uuidFrom } from '../../model/ids';
import type { CallStatus } from '../../model/calls';
import type { Conversation } from '../../model/messaging';
import { recordById, userByKey } from '../../domain/tenancy';
import { customerInbound, sessionStatus } from '../../domain/messaging/whatsappSession';
import { chatTurn, seededTurns } from '../../domain/messaging/chatTurn';
import { replyText } from '../../domain/messaging/assistantReply';

const END_RULES = {
	status: ['required', 'string', 'in:completed,busy,no-answer,failed'],
	transcript: ['nullable', 'string'],
	extracted_variables: ['nullable', 'object'],
	duration: ['nullable', 'integer', 'min:0'],
};

/** How a validated control body ends a call; `status` and `duration` fall back to the given defaults. */
function callEnd(b: Body, defaults: { status?: CallStatus; duration?: number }): CallEnd {
	return {
		status: (b.status ?? defaults.status) as CallStatus,
		transcript: b.transcript as string | null | undefined,
		extracted_variables: (b.extracted_variables ?? undefined) as
			Record<string, unknown> | undefined,
		duration: (b.duration ?? defaults.duration) as number | undefined,
	};
}

export function registerControlEventRoutes(app: FastifyInstance, sb: Sandbox): void {
	const P = CONTROL_PREFIX;

	// `latest`: the newest call still under way, so a copied command needs no call ID.
	app.post(`${P}/calls/:id/end`, async (req, reply) => {
		const id = params(req).id;
		const call =
			id === 'latest'
				? [...sb.state.calls.values()].filter((c) => c.status === 'initiated').at(-1)
				: recordById(sb.state.calls, id);
		if (!call)
			return send(reply, 404, {
				message: id === 'latest' ? 'No call is under way' : 'Call not found',
			});
		const b = body(req);
		const errors = validate(b, END_RULES);
		if (hasErrors(errors)) return laravel422(reply, errors);
		if (call.status !== 'initiated')
			return send(reply, 409, { message: `Call already ended (${call.status})` });
		const deliveries = await endCall(sb, call, callEnd(b, {}));
		return send(reply, 200, { call: callRecord(call), deliveries });
	});

	app.post(`${P}/calls/inbound`, async (req, reply) => {
		const b = body(req);
		const errors = validate(b, {
			assistant_id: ['required', 'integer'],
			customer_phone: ['required', 'string', 'e164'],
			...END_RULES,
			status: ['nullable', 'string', 'in:completed,busy,no-answer,failed'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		const a = sb.state.assistants.get(b.assistant_id as number);
		if (!a) return send(reply, 404, { message: 'Assistant not found' });
		const call = startCall(sb, a, {
			user_id: a.user_id,
			type: 'inbound',
			customer_phone: b.customer_phone as string,
			input_variables: {},
		});
		const deliveries = await endCall(sb, call, callEnd(b, { status: 'completed', duration: 60 }));
		return send(reply, 200, { call: callRecord(call), deliveries });
	});

	app.post(`${P}/whatsapp/inbound`, async (req, reply) => {
		const b = body(req);
		const errors = validate(b, {
			sender_id: ['required', 'integer'],
			customer_phone: ['required', 'string', 'e164'],
			customer_name: ['nullable', 'string', 'max:255'],
			message: ['required', 'string'],
			ai_enabled: ['nullable', 'boolean'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		if (!sb.state.senders.get(b.sender_id as number))
			return send(reply, 404, { message: 'Sender not found' });
		const conv = customerInbound(sb, {
			senderId: b.sender_id as number,
			phone: b.customer_phone as string,
			name: (b.customer_name ?? undefined) as string | undefined,
			text: b.message as string,
			aiEnabled: (b.ai_enabled ?? undefined) as boolean | undefined,
		});
		const last = conv.messages.at(-1);
		return send(reply, 200, {
			conversation_id: conv.numeric_id,
			conversation_uuid: conv.uuid,
			ai_enabled: conv.ai_enabled,
			reply: last?.role === 'assistant' ? last.content : null,
			last_customer_message_at: isoOffset(conv.last_customer_message_at!),
			session_status: sessionStatus(sb, conv),
		});
	});

	// A visitor writes in the web widget: stored as the chat API's send-message stores it (reply while the AI is on).
	app.post(`${P}/chat/inbound`, async (req, reply) => {
		const b = body(req);
		const errors = validate(b, {
			assistant_id: ['nullable', 'integer'],
			conversation_id: ['nullable', 'string'],
			message: ['required', 'string'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		let conv = b.conversation_id
			? sb.state.conversationByUuid.get(b.conversation_id as string)
			: undefined;
		if (b.conversation_id && (!conv || conv.type !== 'widget'))
			return send(reply, 404, { message: 'Widget conversation not found' });
		if (!conv) {
			if (b.assistant_id === undefined || b.assistant_id === null)
				return laravel422(reply, {
					assistant_id: ['The assistant id field is required when conversation id is not present.'],
				});
			const a = sb.state.assistants.get(b.assistant_id as number);
			if (!a) return send(reply, 404, { message: 'Assistant not found' });
			conv = sb.state.openConversation({
				user_id: a.user_id,
				assistant_id: a.id,
				type: 'widget',
				external_identifier: null,
				sender_id: null,
				customer_name: null,
				customer_phone: null,
			});
		}
		const answer = chatTurn(
			sb,
			sb.state.userById(conv.user_id)!,
			conv,
			b.message as string,
			(c, m) => replyText(sb.state.assistants.get(c.assistant_id)!, c, m),
		);
		if (answer === 'insufficient')
			return send(reply, 400, { message: 'Insufficient balance. Please top up your account.' });
		return send(reply, 200, {
			conversation_id: conv.uuid,
			message_count: conv.message_count,
			reply: answer,
		});
	});

	app.post(`${P}/whatsapp/senders/:id/status`, async (req, reply) => {
		const s = recordById(sb.state.senders, params(req).id);
		if (!s) return send(reply, 404, { message: 'Sender not found' });
		const b = body(req);
		const errors = validate(b, { status: ['required', 'string', 'in:online,offline'] });
		if (hasErrors(errors)) return laravel422(reply, errors);
		s.status = b.status as 'online' | 'offline';
		return send(reply, 200, { id: s.id, status: s.status });
	});

	app.post(`${P}/documents/:id/fail`, async (req, reply) => {
		const d = recordById(sb.state.documents, params(req).id);
		if (!d) return send(reply, 404, { message: 'Document not found' });
		d.cancel?.();
		d.cancel = undefined;
		d.status = 'failed';
		d.updated_at = sb.now();
		return send(reply, 200, { data: documentRecord(d) });
	});

	app.post(`${P}/conversations/seed`, async (req, reply) => {
		const b = body(req);
		const errors = validate(b, {
			user: ['required', 'string', 'in:alice,bob'],
			count: ['required', 'integer', 'between:1,100000'],
			type: ['nullable', 'string', 'in:test,widget,whatsapp,api'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		const u = userByKey(sb, b.user as string)!;
		const assistants = [...sb.state.assistants.values()].filter((a) => a.user_id === u.id);
		if (!assistants.length) return send(reply, 409, { message: 'User has no assistant' });
		const senders = [...sb.state.senders.values()].filter((s) => s.user_id === u.id);
		const types: Conversation['type'][] = ['test', 'widget', 'whatsapp', 'api'];
		const now = sb.now();
		const count = b.count as number;
		const firstSeq = sb.state.nextConvSeq;
		for (let i = 0; i < count; i++) {
			const type = (b.type as Conversation['type'] | undefined) ?? types[i % 4];
			const wa = type === 'whatsapp' && senders.length > 0;
			const n = sb.state.nextConvSeq;
			sb.state.addConversation({
				uuid: uuidFrom(`bulk-conversation-${n}-${now}`),
				user_id: u.id,
				assistant_id: assistants[i % assistants.length].id,
				type,
				variables: { bulk: true, n },
				external_identifier: type === 'api' ? `bulk-${n}` : null,
				message_count: 2,
				total_cost: 0.02,
				ai_enabled: true,
				sender_id: wa ? senders[i % senders.length].id : null,
				customer_name: wa ? `Bulk Customer ${n}` : null,
				customer_phone: wa ? `+4917${String(10000000 + (n % 90000000)).padStart(8, '0')}` : null,
				last_customer_message_at: wa ? now : null,
				messages: seededTurns(2, now),
				created_at: now,
				updated_at: now,
			});
		}
		return send(reply, 200, {
			user: u.key,
			added: count,
			first_seq: firstSeq,
			total: sb.state.conversations.get(u.id)?.length ?? 0,
		});
	});

	app.post(`${P}/leads/seed`, async (req, reply) => {
		const b = body(req);
		const errors = validate(b, {
			campaign_id: ['required', 'integer'],
			count: ['required', 'integer', 'between:1,100000'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		const campaign = recordById(sb.state.campaigns, b.campaign_id);
		if (!campaign) return send(reply, 404, { message: 'Campaign not found' });
		const now = sb.now();
		const count = b.count as number;
		const firstId = sb.state.id();
		for (let i = 0; i < count; i++) {
			const id = i === 0 ? firstId : sb.state.id();
			sb.state.leads.set(id, {
				id,
				user_id: campaign.user_id,
				campaign_id: campaign.id,
				phone_number: `+4916${String(10000000 + (id % 90000000)).padStart(8, '0')}`,
				variables: { bulk: true },
				status: 'created',
				attempts: 0,
				retry_at: null,
				primary_id: null,
				call_id: null,
				created_at: now,
				updated_at: now,
			});
		}
		return send(reply, 200, { added: count, first_id: firstId });
	});
}
