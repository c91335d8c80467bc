/** Calls: the record and the statuses the calls list documents. */
/** Every status the calls list documents; the sandbox's own calls end as completed, busy, no-answer or failed. */
export const CALL_STATUSES = [
	'initiated',
	'ringing',
	'busy',
	'in-progress',
	'ended',
	'completed',
	'ended_by_customer',
	'ended_by_assistant',
	'no-answer',
	'failed',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export interface Call {
	id: number;
	user_id: number;
	assistant_id: number;
	type: 'inbound' | 'outbound' | 'web';
	customer_phone: string | null;
	assistant_phone: string | null;
	status: CallStatus;
	duration: number;
	transcript: string | null;
	extracted_variables: Record<string, unknown> | null;
	input_variables: Record<string, unknown>;
	recording_url: string | null;
	created_at: number;
	updated_at: number;
	finished_at: number | null;
	/** set when a campaign placed the call */
	campaign: { id: number; name: string } | null;
	answered_by: 'human' | 'machine' | 'unknown' | null;
	carrier_cost: number;
	total_cost: number;
	/** the JSON object the post-call webhook endpoint answered, if any */
	webhook_response: Record<string, unknown> | null;
	cancel?: () => void;
	/** the lead a campaign called (domain/campaigns/dialer.ts) */
	lead_id?: number;
	/** runs when the call has ended, before its webhooks go out (a campaign updates the lead) */
	afterEnd?: () => void;
	/** mid-call tools the call invoked, in order (domain/calls/liveCall.ts) */
	function_calls?: FunctionCall[];
	/** what the inbound request sent when the call arrived got back (domain/calls/liveCall.ts) */
	inbound_request?: InboundRequestOutcome;
	/** the `lead` and `campaign` of its post-call webhook, when a campaign placed the call */
	webhookContext?: () => { lead: Record<string, unknown>; campaign: Record<string, unknown> };
}

/** One mid-call tool request of a call: what was sent, what came back and what the assistant said. */
export interface FunctionCall {
	name: string;
	tool_id: number;
	arguments: Record<string, unknown>;
	/** the endpoint's answer, parsed when JSON */
	result: unknown;
	status?: number;
	/** timeout or the network failure; the assistant goes on without the answer */
	error?: string;
	duration_ms: number;
	spoken: string;
}

/** The inbound request of an incoming call: answered in time (variables merged) or not (the call proceeds). */
export interface InboundRequestOutcome {
	url: string;
	status?: number;
	error?: string;
	duration_ms: number;
	variables: Record<string, unknown>;
}
