/**
 * The assistant webhook switches: post-call off, inbound on/off, conversation-ended on/off
 * (https://docs.famulor.de/en/api-reference/assistants/enable-conversation-ended-webhook and siblings).
 */
import type { FastifyInstance } from 'fastify';
import { userOf } from '../context';
import { type Body, Errors, hasErrors, validate } from '../../domain/validation';
import { body } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import type { Assistant } from '../../model/assistants';
import { ownedAssistant } from '../../domain/tenancy';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** The service takes only HTTPS for chat-end deliveries; plain http is let through on loopback so local tests and `npm start` work. */
function httpsOrLoopback(url: string): boolean {
	const u = new URL(url);
	return u.protocol === 'https:' || LOOPBACK_HOSTS.has(u.hostname);
}

interface WebhookSwitch {
	path: string;
	withUrl: boolean;
	/** extra rules on the (already valid) URL */
	checkUrl?: (url: string, errors: Errors) => void;
	change: (a: Assistant, b: Body) => void;
	message: string;
}

const SWITCHES: WebhookSwitch[] = [
	{
		path: '/api/user/assistants/enable-inbound-webhook',
		withUrl: true,
		change: (a, b) => (a.inbound_webhook_url = b.webhook_url as string),
		message: 'Webhook enabled successfully',
	},
	{
		path: '/api/user/assistants/disable-inbound-webhook',
		withUrl: false,
		change: (a) => (a.inbound_webhook_url = null),
		message: 'Inbound webhook disabled successfully',
	},
	{
		path: '/api/user/assistants/disable-webhook',
		withUrl: false,
		change: (a) => {
			a.is_webhook_active = false;
			a.webhook_url = null;
		},
		message: 'Webhook disabled successfully',
	},
	{
		path: '/api/user/assistants/enable-conversation-ended-webhook',
		withUrl: true,
		checkUrl: (url, errors) => {
			if (!httpsOrLoopback(url))
				errors.webhook_url = ['The webhook url must start with one of the following: https://.'];
		},
		change: (a, b) => (a.conversation_ended_webhook_url = b.webhook_url as string),
		message: 'Conversation ended webhook enabled successfully',
	},
	{
		path: '/api/user/assistants/disable-conversation-ended-webhook',
		withUrl: false,
		change: (a) => (a.conversation_ended_webhook_url = null),
		message: 'Conversation ended webhook disabled successfully',
	},
];

/** Each switch validates, finds the owned assistant, applies its change and answers `{message, data: []}`. */
export function registerAssistantWebhookRoutes(app: FastifyInstance, sb: Sandbox): void {
	for (const s of SWITCHES) {
		app.post(s.path, async (req, reply) => {
			const user = userOf(req);
			const b = body(req);
			const rules: Record<string, string[]> = { assistant_id: ['required', 'integer'] };
			if (s.withUrl) rules.webhook_url = ['required', 'string', 'url'];
			const errors = validate(b, rules);
			if (s.checkUrl && !errors.webhook_url && typeof b.webhook_url === 'string')
				s.checkUrl(b.webhook_url, errors);
			if (hasErrors(errors)) return laravel422(reply, errors, 'The given data was invalid.');
			const a = ownedAssistant(sb, user, b.assistant_id);
			if (!a) return send(reply, 404, { message: 'Assistant not found' });
			s.change(a, b);
			a.updated_at = sb.now();
			return send(reply, 200, { message: s.message, data: [] });
		});
	}
}
