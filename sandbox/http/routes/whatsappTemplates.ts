/** WhatsApp templates: the list of a sender's templates and the billed template send (shares the free-form rate limit). */
import type { FastifyInstance } from 'fastify';
import { userOf } from '../context';
import { body, params, query } from '../input';
import { withinRateLimit } from '../rateLimit';
import { send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import type { Sender, WhatsAppTemplate } from '../../model/messaging';
import type { User } from '../../model/accounts';
import { recordById } from '../../domain/tenancy';
import {
	addError,
	E164,
	Errors,
	firstError,
	hasErrors,
	isPlainObject,
	validate,
} from '../../domain/validation';
import {
	recordOutboundWhatsApp,
	whatsAppSendRateKey,
} from '../../domain/messaging/whatsappOutbound';
import { invalidPhone, waError } from './whatsapp';

const TEMPLATE_COST = 0.08;

export function templateRecord(t: WhatsAppTemplate): Record<string, unknown> {
	return {
		id: t.id,
		name: t.name,
		language: t.language,
		category: t.category,
		status: t.status,
		body_text: t.body_text,
		variables: t.variables,
		has_variables: t.variables.length > 0,
	};
}

function ownedSender(sb: Sandbox, user: User, id: unknown): Sender | undefined {
	const s = recordById(sb.state.senders, id);
	return s && s.user_id === user.id ? s : undefined;
}

/**
 * The value of each placeholder, keyed "1", "2", … or by the template's variable names (both documented).
 * The docs are silent on missing or unknown variables; the sandbox refuses both (422 VALIDATION_ERROR).
 */
function placeholderValues(
	t: WhatsAppTemplate,
	given: Record<string, unknown>,
	errors: Errors,
): string[] {
	const values = t.variables.map((name, i) => given[String(i + 1)] ?? given[name]);
	t.variables.forEach((name, i) => {
		if (values[i] === undefined || values[i] === null || values[i] === '')
			addError(
				errors,
				`variables.${name}`,
				`The variable ${name} ({{${i + 1}}}) of template ${t.name} is required.`,
			);
		else if (typeof values[i] !== 'string')
			addError(errors, `variables.${name}`, `The variable ${name} must be a string.`);
	});
	const known = new Set([...t.variables, ...t.variables.map((_, i) => String(i + 1))]);
	for (const key of Object.keys(given)) {
		if (!known.has(key))
			addError(errors, `variables.${key}`, `Template ${t.name} has no variable ${key}.`);
	}
	return values.map((v) => String(v ?? ''));
}

function render(t: WhatsAppTemplate, values: string[]): string {
	return t.body_text.replace(
		/\{\{(\d+)\}\}/g,
		(whole, n: string) => values[Number(n) - 1] ?? whole,
	);
}

export function registerWhatsAppTemplateRoutes(app: FastifyInstance, sb: Sandbox): void {
	app.get('/api/user/whatsapp/senders/:senderId/templates', async (req, reply) => {
		const user = userOf(req);
		const status = query(req).status ?? 'approved';
		if (status !== 'approved' && status !== 'all') {
			return waError(reply, 422, 'The selected status is invalid.', 'VALIDATION_ERROR', {
				errors: { status: ['The selected status is invalid.'] },
			});
		}
		const sender = ownedSender(sb, user, params(req).senderId);
		if (!sender) return waError(reply, 404, 'Sender not found', 'SENDER_NOT_FOUND');
		const data = [...sb.state.templates.values()]
			.filter((t) => t.sender_id === sender.id && (status === 'all' || t.status === 'approved'))
			.sort((x, y) => x.id - y.id)
			.map(templateRecord);
		return send(reply, 200, { data });
	});

	app.post('/api/user/whatsapp/send', async (req, reply) => {
		const user = userOf(req);
		if (!withinRateLimit(sb, reply, whatsAppSendRateKey(user), sb.opts.rateLimits.sendFreeform))
			return reply;
		const b = body(req);
		const errors = validate(b, {
			sender_id: ['required', 'integer'],
			template_id: ['required', 'integer'],
			recipient_phone: ['required', 'string'],
			recipient_name: ['nullable', 'string', 'max:255'],
			variables: ['nullable', 'object'],
		});
		if (hasErrors(errors))
			return waError(reply, 422, firstError(errors), 'VALIDATION_ERROR', { errors });
		if (!E164.test(b.recipient_phone as string)) return invalidPhone(reply);
		const sender = ownedSender(sb, user, b.sender_id);
		if (!sender)
			return waError(reply, 404, 'Sender not found or does not belong to you', 'SENDER_NOT_FOUND');
		const template = sb.state.templates.get(b.template_id as number);
		if (!template || template.sender_id !== sender.id) {
			return waError(
				reply,
				404,
				'Template not found or does not belong to this sender',
				'TEMPLATE_NOT_FOUND',
			);
		}
		if (template.status !== 'approved') {
			return waError(
				reply,
				422,
				`Template is not approved. Current status: ${template.status}`,
				'TEMPLATE_NOT_APPROVED',
			);
		}
		if (sender.status !== 'online') {
			return waError(
				reply,
				422,
				`Sender is not online. Current status: ${sender.status === 'offline' ? 'Offline' : sender.status}`,
				'SENDER_OFFLINE',
			);
		}
		const variableErrors: Errors = {};
		const values = placeholderValues(
			template,
			isPlainObject(b.variables) ? b.variables : {},
			variableErrors,
		);
		if (hasErrors(variableErrors))
			return waError(reply, 422, firstError(variableErrors), 'VALIDATION_ERROR', {
				errors: variableErrors,
			});
		if (user.balance < TEMPLATE_COST) {
			return waError(
				reply,
				402,
				'Insufficient balance. Please top up your account.',
				'INSUFFICIENT_BALANCE',
			);
		}
		const phone = b.recipient_phone as string;
		const name =
			typeof b.recipient_name === 'string' && b.recipient_name !== '' ? b.recipient_name : null;
		// The message joins the conversation with the recipient, or starts one. It does not open the
		// 24-hour window: only a customer's message does (the free-form and session-status pages).
		const conv =
			sb.state.waIndex.get(`${sender.id}|${phone}`) ??
			sb.state.openConversation({
				user_id: user.id,
				assistant_id: sender.assistant_id,
				type: 'whatsapp',
				external_identifier: null,
				sender_id: sender.id,
				customer_name: name,
				customer_phone: phone,
			});
		if (name !== null) conv.customer_name = name;
		const sent = recordOutboundWhatsApp(sb, user, conv, {
			kind: 'template',
			content: render(template, values),
			cost: TEMPLATE_COST,
			template_id: template.id,
		});
		return send(reply, 200, {
			success: true,
			conversation_id: conv.numeric_id,
			message_id: sent.message_id,
			whatsapp_message_id: sent.whatsapp_message_id,
			message_sid: sent.message_sid,
			status: 'queued',
		});
	});
}
