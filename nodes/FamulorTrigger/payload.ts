import type { IDataObject } from 'n8n-workflow';

/**
 * Fields of the post-call payload (https://docs.famulor.de/en/api-reference/webhooks/post-call);
 * the service sends each of them, null where absent.
 */
export const PAYLOAD_FIELDS = [
	'id',
	'customer_phone',
	'assistant_phone',
	'duration',
	'status',
	'extracted_variables',
	'input_variables',
	'transcript',
	'recording_url',
	'created_at',
	'finished_at',
	'lead',
	'campaign',
] as const;

/** Fields of the conversation-ended payload (https://docs.famulor.de/en/api-reference/webhooks/conversation-ended). */
export const CONVERSATION_ENDED_FIELDS = [
	'id',
	'conversation_id',
	'assistant_id',
	'type',
	'message_count',
	'status',
	'extracted_variables',
	'input_variables',
	'transcript',
	'formatted_transcript',
	'attachments',
	'customer_phone',
	'customer_name',
	'sender',
	'created_at',
	'ended_at',
] as const;

/**
 * Fields of a read receipt (https://docs.famulor.de/en/api-reference/webhooks/read-receipts);
 * `test` only on dashboard test events.
 */
export const MESSAGE_STATUS_FIELDS = [
	'event',
	'whatsapp_message_id',
	'message_sid',
	'meta_message_id',
	'conversation_id',
	'assistant_id',
	'sender',
	'to',
	'from',
	'direction',
	'status',
	'error_code',
	'error_message',
	'error_description',
	'timestamp',
	'provider_timestamp',
] as const;

/** Prefix of the extracted variables when they are flattened into the simplified item. */
export const EXTRACTED_PREFIX = 'extracted_';

export function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The delivery as sent, with every documented field present (null when the service left it out). */
export function withDocumentedFields(body: IDataObject, fields: readonly string[]): IDataObject {
	// Undocumented extras (e.g. formatted_transcript of the guide's example) pass through unchanged.
	const item: IDataObject = { ...body };
	for (const field of fields) item[field] = body[field] ?? null;
	return item;
}

/** Speaker label of a transcript entry: calls use sender bot | human, chats role assistant | user. */
function speaker(who: unknown): string {
	if (who === 'bot' || who === 'assistant') return 'AI';
	if (who === 'human' || who === 'user') return 'Customer';
	return typeof who === 'string' && who !== '' ? who : 'Unknown';
}

/**
 * The transcript as text. Calls send a string (reference) or an array of {text, sender, timestamp}
 * plus `formatted_transcript` (assistant guide); chats send an array of {role, content, …} plus
 * `formatted_transcript`. The formatted text is preferred when present.
 */
export function transcriptText(body: IDataObject): string {
	const { transcript, formatted_transcript: formatted } = body;
	if (typeof transcript === 'string') return transcript;
	if (typeof formatted === 'string' && formatted !== '') return formatted;
	if (Array.isArray(transcript)) {
		return transcript
			.map((entry) => {
				if (typeof entry === 'string') return entry;
				if (!isObject(entry)) return '';
				const text =
					typeof entry.text === 'string'
						? entry.text
						: typeof entry.content === 'string'
							? entry.content
							: '';
				return `${speaker(entry.sender ?? entry.role)}: ${text}`;
			})
			.filter((line) => line !== '')
			.join('\n');
	}
	return '';
}

function flattenExtracted(target: IDataObject, body: IDataObject): void {
	const extracted = isObject(body.extracted_variables) ? body.extracted_variables : {};
	for (const [name, value] of Object.entries(extracted))
		target[`${EXTRACTED_PREFIX}${name}`] = value;
}

/** A flat item for the common case: call facts, the extracted variables as `extracted_<name>`, transcript text. */
export function simplifyPayload(body: IDataObject): IDataObject {
	const simplified: IDataObject = {
		call_id: body.id ?? null,
		status: body.status ?? null,
		duration: body.duration ?? null,
		customer_phone: body.customer_phone ?? null,
		assistant_phone: body.assistant_phone ?? null,
		finished_at: body.finished_at ?? null,
		recording_url: body.recording_url ?? null,
	};
	flattenExtracted(simplified, body);
	simplified.transcript = transcriptText(body);
	return simplified;
}

/**
 * A flat item of an ended chat: its facts, the customer, the extracted variables as
 * `extracted_<name>`, attachment URLs, transcript text.
 */
export function simplifyConversationEnded(body: IDataObject): IDataObject {
	const sender = isObject(body.sender) ? body.sender : {};
	const attachments = Array.isArray(body.attachments) ? body.attachments : [];
	const simplified: IDataObject = {
		conversation_id: body.conversation_id ?? null,
		id: body.id ?? null,
		type: body.type ?? null,
		status: body.status ?? null,
		message_count: body.message_count ?? null,
		customer_name: body.customer_name ?? null,
		customer_phone: body.customer_phone ?? null,
		sender_phone: sender.phone_number ?? null,
		created_at: body.created_at ?? null,
		ended_at: body.ended_at ?? null,
	};
	flattenExtracted(simplified, body);
	simplified.attachment_urls = attachments
		.filter(isObject)
		.map((entry) => entry.url)
		.filter((url): url is string => typeof url === 'string');
	simplified.transcript = transcriptText(body);
	return simplified;
}

/** A flat item of a read receipt; `at` is the carrier's time when sent (more precise), else the platform's. */
export function simplifyMessageStatus(body: IDataObject): IDataObject {
	const sender = isObject(body.sender) ? body.sender : {};
	return {
		whatsapp_message_id: body.whatsapp_message_id ?? null,
		status: body.status ?? null,
		to: body.to ?? null,
		from: body.from ?? null,
		sender_id: sender.id ?? null,
		sender_name: sender.display_name ?? null,
		conversation_id: body.conversation_id ?? null,
		error_code: body.error_code ?? null,
		error: body.error_description ?? body.error_message ?? null,
		at: body.provider_timestamp ?? body.timestamp ?? null,
		test: body.test === true,
	};
}
