/**
 * Handling of one delivery: authenticity, dedupe, output shape. The item is built here
 * (`[{json: data}]`, never `returnJsonArray`, which would take a body's own `json` / `binary` keys for
 * the item). A delivery without its ID dedupes by a digest of its raw body. The clock is `Date.now()`,
 * which tests move with `jest.spyOn(Date, 'now')`.
 */
import { createHash } from 'crypto';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { DEDUPE_MAX_ENTRIES, DEDUPE_WINDOW_MS, rememberDelivery } from './dedupe';
import { staleReceipt } from './freshness';
import { inboundDeliveryId, inboundItem } from './inboundCall';
import { claimDelivery, releaseClaim } from './inFlight';
import { handleToolRequest } from './midCallTool/toolRequest';
import {
	CONVERSATION_ENDED_FIELDS,
	MESSAGE_STATUS_FIELDS,
	PAYLOAD_FIELDS,
	simplifyConversationEnded,
	simplifyMessageStatus,
	simplifyPayload,
	withDocumentedFields,
} from './payload';
import { SECRET_PARAMETER, secretMatches } from './secret';
import { SIGNATURE_HEADER, signatureMatches } from './signature';
import { readSecret, type TriggerEvent } from './state';

interface EventOutput {
	/**
	 * The id that repeats when the service delivers the same event again; undefined: the body
	 * has none (then its bytes identify it).
	 */
	deliveryId(body: IDataObject): string | undefined;
	/** False: a delivery without its ID is never taken for a copy (two calls may send the same bytes). */
	digestWithoutId?: false;
	fields: readonly string[];
	simplify(body: IDataObject): IDataObject;
	/** The item, when it is not the documented fields or their simplified form. */
	item?(body: IDataObject, simplify: boolean): IDataObject;
}

function text(value: unknown): string | undefined {
	return (typeof value === 'number' || typeof value === 'string') && String(value) !== ''
		? String(value)
		: undefined;
}

const callOutput: EventOutput = {
	deliveryId: (body) => text(body.id),
	fields: PAYLOAD_FIELDS,
	simplify: simplifyPayload,
};

const inboundOutput: EventOutput = {
	...callOutput,
	deliveryId: inboundDeliveryId,
	digestWithoutId: false,
	item: inboundItem,
};

const OUTPUTS: Record<Exclude<TriggerEvent, 'midCallTool'>, EventOutput> = {
	callCompleted: callOutput,
	inboundCall: inboundOutput,
	inboundCallCompleted: inboundOutput,
	// A chat restarted later ends again with another ended_at, which is a new event.
	conversationEnded: {
		deliveryId: (body) => {
			const conversation = text(body.conversation_id) ?? text(body.id);
			return conversation === undefined
				? undefined
				: `${conversation}|${text(body.ended_at) ?? ''}`;
		},
		fields: CONVERSATION_ENDED_FIELDS,
		simplify: simplifyConversationEnded,
	},
	// Documented: duplicates are possible; de-duplicate on whatsapp_message_id + status.
	whatsAppMessageStatus: {
		deliveryId: (body) => {
			const message = text(body.whatsapp_message_id);
			return message === undefined ? undefined : `${message}|${text(body.status) ?? ''}`;
		},
		fields: MESSAGE_STATUS_FIELDS,
		simplify: simplifyMessageStatus,
	},
};

/** A digest of the body as sent (the signed bytes of a receipt), for deliveries without an ID. */
function bodyDigest(this: IWebhookFunctions, body: IDataObject): string {
	const raw = this.getRequestObject().rawBody as Buffer | undefined;
	return createHash('sha256')
		.update(raw ?? JSON.stringify(body))
		.digest('hex');
}

function refuse(this: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	this.getResponseObject().status(status).send(message).end();
	return { noWebhookResponse: true };
}

/** The secret that authenticates deliveries of this event, or undefined when this delivery is not authentic. */
function authenticate(
	this: IWebhookFunctions,
	event: Exclude<TriggerEvent, 'midCallTool'>,
): string | undefined {
	if (event === 'whatsAppMessageStatus') {
		const secret = String(this.getNodeParameter('signingSecret', '') ?? '').trim();
		const header = this.getHeaderData()[SIGNATURE_HEADER];
		return signatureMatches(this.getRequestObject().rawBody, header, secret) ? secret : undefined;
	}
	const secret = readSecret(this.getWorkflowStaticData('node'));
	const query = this.getQueryData() as IDataObject;
	return secretMatches(query[SECRET_PARAMETER], secret) ? secret : undefined;
}

/** Statuses the user asked for (read receipts); empty = all. */
function wantedStatuses(this: IWebhookFunctions): string[] {
	const options = this.getNodeParameter('options', {}) as IDataObject;
	return Array.isArray(options.onlyStatuses) ? options.onlyStatuses.map(String) : [];
}

export async function handleDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const event = this.getNodeParameter('event') as TriggerEvent;
	if (event === 'midCallTool') return handleToolRequest.call(this);
	const output = OUTPUTS[event] ?? callOutput;
	const secret = authenticate.call(this, event);
	if (secret === undefined) {
		return refuse.call(
			this,
			401,
			event === 'whatsAppMessageStatus'
				? 'Unauthorized: missing or invalid X-Signature-256'
				: 'Unauthorized: unknown or missing secret',
		);
	}

	const body = this.getBodyData();
	if (typeof body !== 'object' || body === null || Array.isArray(body))
		return refuse.call(this, 400, 'Expected a JSON object');

	// A signed receipt carries its time under the signature: a copy replayed after the tolerance is refused.
	if (event === 'whatsAppMessageStatus') {
		const stale = staleReceipt(body, Date.now());
		if (stale !== undefined) return refuse.call(this, 401, stale);
	}

	const simplify = this.getNodeParameter('simplify', false) as boolean;
	const item = (): IDataObject =>
		output.item?.(body, simplify) ??
		(simplify ? output.simplify(body) : withDocumentedFields(body, output.fields));
	// The item is built here, not by returnJsonArray: that helper takes an object with a `json` key for
	// an item, so a delivery's own `json`, `binary` or `pairedItem` keys would become the item itself.
	const identified = output.deliveryId(body);
	if (identified === undefined && output.digestWithoutId === false)
		return { workflowData: [[{ json: item() }]] };

	// The service retries deliveries it thinks failed, and a captured one may be replayed: the same event
	// starts one execution only, within this process (copies at the same instant) and across time (static data).
	const deliveryId = identified ?? `body|${bodyDigest.call(this, body)}`;
	const now = Date.now();
	// Scoped by the secret: a new activation (new secret) starts with a clean slate, like its static data.
	const scope = createHash('sha256').update(secret).digest('hex').slice(0, 16);
	const claim = `${this.getWorkflow().id ?? ''}|${this.getNode().id}|${scope}|${deliveryId}`;
	if (!claimDelivery(claim, now)) return { webhookResponse: { received: true, duplicate: true } };
	const remembered = rememberDelivery(this.getWorkflowStaticData('node'), deliveryId, now);
	if (remembered === 'duplicate') return { webhookResponse: { received: true, duplicate: true } };
	if (remembered === 'full') {
		releaseClaim(claim);
		return refuse.call(
			this,
			503,
			`Busy: ${DEDUPE_MAX_ENTRIES} deliveries within ${DEDUPE_WINDOW_MS / 60_000} minutes are remembered already; retry later`,
		);
	}

	if (event === 'whatsAppMessageStatus') {
		const wanted = wantedStatuses.call(this);
		if (wanted.length > 0 && !wanted.includes(String(body.status)))
			return { webhookResponse: { received: true, ignored: true } };
	}

	return { workflowData: [[{ json: item() }]] };
}
