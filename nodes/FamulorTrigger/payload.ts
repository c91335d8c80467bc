import type { IDataObject } from 'n8n-workflow';

/** Fields of the post-call payload (API-FACTS §2.1); the service sends each of them, null where absent. */
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

/** Prefix of the extracted variables when they are flattened into the simplified item. */
export const EXTRACTED_PREFIX = 'extracted_';

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The delivery as sent, with every documented field present (null when the service left it out). */
export function normalizePayload(body: IDataObject): IDataObject {
	// Undocumented extras (e.g. formatted_transcript of the guide's example) pass through unchanged.
	const item: IDataObject = { ...body };
	for (const field of PAYLOAD_FIELDS) item[field] = body[field] ?? null;
	return item;
}

/** Speaker label for the array form of the transcript (API-FACTS §2.1: sender bot | human). */
function speaker(sender: unknown): string {
	if (sender === 'bot') return 'AI';
	if (sender === 'human') return 'Customer';
	return typeof sender === 'string' && sender !== '' ? sender : 'Unknown';
}

/**
 * The transcript as text. The reference sends a string; the assistant guide sends an array of
 * {text, sender, timestamp} plus `formatted_transcript`, which is preferred when present.
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
				const text = typeof entry.text === 'string' ? entry.text : typeof entry.content === 'string' ? entry.content : '';
				return `${speaker(entry.sender ?? entry.role)}: ${text}`;
			})
			.filter((line) => line !== '')
			.join('\n');
	}
	return '';
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
	const extracted = isObject(body.extracted_variables) ? body.extracted_variables : {};
	for (const [name, value] of Object.entries(extracted)) simplified[`${EXTRACTED_PREFIX}${name}`] = value;
	simplified.transcript = transcriptText(body);
	return simplified;
}
