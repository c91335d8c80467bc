/**
 * enable-conversation-ended-webhook and disable-conversation-ended-webhook
 * (https://docs.famulor.de/en/api-reference/assistants/enable-conversation-ended-webhook). The service
 * requires an HTTPS URL; http is accepted only for loopback hosts, so local n8n and tests can receive.
 */
import type { FastifyInstance } from 'fastify';
import { userOf } from '../http/context';
import { body } from '../http/input';
import { laravel422, send } from '../http/respond';
import type { Sandbox } from '../sandbox';
import { ownedAssistant } from '../tenancy';
import { hasErrors, validate } from '../validation';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** https, or http to this machine. */
export function acceptableChatWebhookUrl(url: string): boolean {
	try {
		const parsed = new URL(url);
		return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname));
	} catch {
		return false;
	}
}

export function registerConversationEndedWebhookRoutes(app: FastifyInstance, sb: Sandbox): void {
	app.post('/api/user/assistants/enable-conversation-ended-webhook', async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors = validate(b, { assistant_id: ['required', 'integer'], webhook_url: ['required', 'string', 'url'] });
		if (!errors.webhook_url && typeof b.webhook_url === 'string' && !acceptableChatWebhookUrl(b.webhook_url)) {
			errors.webhook_url = ['The webhook url must start with one of the following: https://.'];
		}
		if (hasErrors(errors)) return laravel422(reply, errors, 'The given data was invalid.');
		const a = ownedAssistant(sb, user, b.assistant_id);
		if (!a) return send(reply, 404, { message: 'Assistant not found' });
		a.conversation_ended_webhook_url = b.webhook_url as string;
		a.updated_at = sb.now();
		return send(reply, 200, { message: 'Conversation ended webhook enabled successfully', data: [] });
	});

	app.post('/api/user/assistants/disable-conversation-ended-webhook', async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors = validate(b, { assistant_id: ['required', 'integer'] });
		if (hasErrors(errors)) return laravel422(reply, errors, 'The given data was invalid.');
		const a = ownedAssistant(sb, user, b.assistant_id);
		if (!a) return send(reply, 404, { message: 'Assistant not found' });
		a.conversation_ended_webhook_url = null;
		a.updated_at = sb.now();
		return send(reply, 200, { message: 'Conversation ended webhook disabled successfully', data: [] });
	});
}
