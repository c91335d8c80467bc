/**
 * Calls in the shapes the service returns: the calls list and get (https://docs.famulor.de/en/api-reference/calls/list),
 * the call controls' record and the post-call webhook's payload.
 */
import { iso6, isoZ, sqlDate } from '../formats';
import type { Assistant } from '../../model/assistants';
import type { Call } from '../../model/calls';
import type { State } from '../../model/store';

const ANSWERED = new Set(['completed', 'ended_by_customer', 'ended_by_assistant']);
/** Seconds between transcript turns, for their timestamps. */
const TURN_SECONDS = 4.25;

interface TranscriptTurn {
	text: string;
	type: 'transcript';
	sender: 'bot' | 'human';
	timestamp: number;
}

/** The stored "Assistant: …\nCustomer: …" text as the list's turns, with epoch-second timestamps (microseconds). */
function transcriptTurns(c: Call): TranscriptTurn[] {
	if (!c.transcript) return [];
	return c.transcript
		.split('\n')
		.filter((line) => line.trim() !== '')
		.map((line, i) => {
			const human = /^(Customer|Human|User):\s*/i.exec(line);
			const bot = /^(Assistant|AI|Bot):\s*/i.exec(line);
			const prefix = human ?? bot;
			return {
				text: prefix ? line.slice(prefix[0].length) : line,
				type: 'transcript',
				sender: human ? 'human' : 'bot',
				timestamp: Number(((c.created_at + 1500) / 1000 + i * TURN_SECONDS).toFixed(6)),
			};
		});
}

function evaluationType(declared: string, value: unknown): string {
	if (declared === 'bool' || declared === 'boolean') return 'bool';
	if (declared === 'number') return Number.isInteger(value) ? 'integer' : 'number';
	return 'string';
}

/** The standard `status` and `summary` items, then the assistant's post-call schema with the extracted values. */
function evaluation(c: Call, a: Assistant | undefined): Array<Record<string, unknown>> {
	if (!a?.post_call_evaluation || !ANSWERED.has(c.status)) return [];
	const values = c.extracted_variables ?? {};
	const items: Array<Record<string, unknown>> = [
		{
			name: 'status',
			type: 'bool',
			value: typeof values.status === 'boolean' ? values.status : c.status === 'completed',
			description: 'Whether the call reached its goal',
		},
		{
			name: 'summary',
			type: 'string',
			value:
				typeof values.summary === 'string'
					? values.summary
					: `${c.type} call of ${c.duration} s with ${a.name}`,
			description: 'Summary of the call',
		},
	];
	for (const item of a.post_call_schema) {
		if (item.name === 'status' || item.name === 'summary' || !(item.name in values)) continue;
		items.push({
			name: item.name,
			type: evaluationType(item.type, values[item.name]),
			value: values[item.name],
			description: item.description,
		});
	}
	return items;
}

/**
 * One call. The docs' list example dates are ISO with Z and the get example's "YYYY-MM-DD HH:MM:SS",
 * so `dates` picks which; empty variables come as `[]` (a PHP empty array), costs as 8-decimal strings.
 */
export function apiCallRecord(s: State, c: Call, dates: 'list' | 'get'): Record<string, unknown> {
	const a = s.assistants.get(c.assistant_id);
	const date = dates === 'list' ? isoZ : sqlDate;
	return {
		id: c.id,
		assistant_name: a?.name ?? null,
		campaign_name: c.campaign?.name ?? null,
		type: c.type,
		duration: c.duration,
		assistant_phone_number: c.assistant_phone,
		client_phone_number: c.customer_phone,
		status: c.status,
		transcript: transcriptTurns(c),
		variables: Object.keys(c.input_variables).length === 0 ? [] : c.input_variables,
		evaluation: evaluation(c, a),
		webhook_response: c.webhook_response,
		carrier_cost: c.carrier_cost.toFixed(8),
		total_cost: c.total_cost.toFixed(8),
		answered_by: c.answered_by,
		recording_url: c.recording_url,
		created_at: date(c.created_at),
		updated_at: date(c.updated_at),
	};
}

export function callRecord(c: Call): Record<string, unknown> {
	return {
		id: c.id,
		assistant_id: c.assistant_id,
		user_id: c.user_id,
		type: c.type,
		customer_phone: c.customer_phone,
		assistant_phone: c.assistant_phone,
		status: c.status,
		duration: c.duration,
		transcript: c.transcript,
		extracted_variables: c.extracted_variables,
		input_variables: c.input_variables,
		recording_url: c.recording_url,
		created_at: iso6(c.created_at),
		updated_at: iso6(c.updated_at),
		finished_at: c.finished_at === null ? null : iso6(c.finished_at),
		...(c.function_calls ? { function_calls: c.function_calls } : {}),
		...(c.inbound_request ? { inbound_request: c.inbound_request } : {}),
	};
}

/** Post-call webhook payload (https://docs.famulor.de/en/api-reference/webhooks/post-call): every key present, null where absent. */
export function webhookPayload(c: Call): Record<string, unknown> {
	return {
		id: c.id,
		customer_phone: c.customer_phone,
		assistant_phone: c.assistant_phone,
		duration: c.duration,
		status: c.status,
		extracted_variables: c.extracted_variables ?? {},
		input_variables: c.input_variables ?? {},
		transcript: c.transcript,
		recording_url: c.recording_url,
		created_at: isoZ(c.created_at),
		finished_at: isoZ(c.finished_at ?? c.updated_at),
		lead: null,
		campaign: null,
	};
}
