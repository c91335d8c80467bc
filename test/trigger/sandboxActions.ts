/** The sandbox reads and actions of the trigger suites: API, controls, calls, chats, receipts. */
import type { IDataObject } from 'n8n-workflow';

import { SEED, type StartedSandbox, type WebhookLogEntry } from '../../sandbox';
import { sandboxControl, sandboxRequest } from '../helpers/sandboxHttp';

export interface SandboxActions {
	api(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
	ctl(method: string, path: string, body?: unknown): Promise<any>;
	assistant(id: number): Promise<IDataObject>;
	/** The assistant's mid-call tool IDs as the sandbox stores them (the API reports them only with the option assistantToolIds). */
	storedToolIds(assistantId: number): Promise<number[]>;
	requests(): Promise<
		Array<{
			method: string;
			path: string;
			body: unknown;
			query: IDataObject;
			status: number | null;
		}>
	>;
	webhookLog(callId?: number): Promise<WebhookLogEntry[]>;
	/** Starts an outbound call of the assistant and ends it through the sandbox controls. */
	endCall(
		assistantId: number,
		end?: IDataObject,
	): Promise<{ callId: number; deliveries: WebhookLogEntry[] }>;
	/** Ends a chat (widget or WhatsApp conversation) now through the sandbox controls. */
	endConversation(uuid: string, details?: IDataObject): Promise<WebhookLogEntry[]>;
	/** The sender's read-receipt settings in the sandbox "dashboard": sets the URL, returns the signing secret. */
	setReadReceiptUrl(
		senderId: number,
		url: string | null,
	): Promise<{ url: string | null; signing_secret: string }>;
	/** Sends a free-form WhatsApp message to the seeded open-window customer of sender 71; returns its whatsapp_message_id. */
	sendWhatsAppMessage(): Promise<number>;
	/** Emits read receipts for a sent message; returns the first delivery attempts. */
	emitStatuses(whatsappMessageId: number, statuses: string[]): Promise<WebhookLogEntry[]>;
}

/** The actions on `sb`; its API as alice, the kit's credential. */
export function sandboxActions(sb: StartedSandbox): SandboxActions {
	const api = async (method: string, path: string, body?: unknown) => {
		const { status, json } = await sandboxRequest(sb, method, path, { body });
		return { status, json };
	};
	const ctl = async (method: string, path: string, body?: unknown) =>
		(await sandboxControl(sb, method, path, body)).json;

	return {
		api,
		ctl,
		async assistant(id: number) {
			const { json } = await api('GET', '/api/user/assistants/get?per_page=100');
			const found = (json.data as IDataObject[]).find((record) => record.id === id);
			if (!found) throw new Error(`assistant ${id} not in the sandbox`);
			return found;
		},
		async storedToolIds(assistantId: number) {
			return ((await ctl('GET', `/state/assistants/${assistantId}`)) as IDataObject)
				.tool_ids as number[];
		},
		async requests() {
			const log = (await ctl('GET', '/requests')) as Array<{
				seq: number;
				method: string;
				path: string;
				body: unknown;
				query: IDataObject;
				status: number | null;
			}>;
			return log.filter((entry) => entry.path.startsWith('/api/'));
		},
		async webhookLog(callId?: number) {
			return (await ctl(
				'GET',
				`/webhooks${callId === undefined ? '' : `?callId=${callId}`}`,
			)) as WebhookLogEntry[];
		},
		async endCall(assistantId: number, end: IDataObject = {}) {
			const started = await api('POST', '/api/user/make_call', {
				phone_number: '+4917612345678',
				assistant_id: assistantId,
			});
			if (started.status !== 200)
				throw new Error(`make_call failed: ${JSON.stringify(started.json)}`);
			const callId = started.json.call_id as number;
			const ended = await ctl('POST', `/calls/${callId}/end`, { status: 'completed', ...end });
			return { callId, deliveries: ended.deliveries as WebhookLogEntry[] };
		},
		async endConversation(uuid: string, details: IDataObject = {}) {
			const ended = await ctl('POST', `/conversations/${uuid}/end`, details);
			if (!Array.isArray(ended.deliveries))
				throw new Error(`ending ${uuid} failed: ${JSON.stringify(ended)}`);
			return ended.deliveries as WebhookLogEntry[];
		},
		async setReadReceiptUrl(senderId: number, url: string | null) {
			return (await ctl('PUT', `/whatsapp/senders/${senderId}/read-receipts`, { url })) as {
				url: string | null;
				signing_secret: string;
			};
		},
		async sendWhatsAppMessage() {
			const sent = await api('POST', '/api/user/whatsapp/send-freeform', {
				sender_id: 71,
				recipient_phone: SEED.alice.openWindowCustomer.phone,
				message: 'Your order has shipped.',
			});
			if (sent.status !== 200)
				throw new Error(`send-freeform failed: ${JSON.stringify(sent.json)}`);
			return sent.json.whatsapp_message_id as number;
		},
		async emitStatuses(whatsappMessageId: number, statuses: string[]) {
			const emitted = await ctl('POST', `/whatsapp/messages/${whatsappMessageId}/statuses`, {
				statuses,
			});
			if (!Array.isArray(emitted.deliveries))
				throw new Error(`statuses failed: ${JSON.stringify(emitted)}`);
			return emitted.deliveries as WebhookLogEntry[];
		},
	};
}
