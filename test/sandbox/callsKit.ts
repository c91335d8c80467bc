import { useSandbox } from './helpers';

/** A call as GET /api/user/calls lists it (the fields these suites read). */
export interface ListedCall {
	id: number;
	type: string;
	status: string;
	assistant_name: string;
	campaign_name: string | null;
	client_phone_number: string | null;
	created_at: string;
}

/** The statuses the calls list documents, written out here rather than read from the sandbox. */
export const DOCUMENTED_CALL_STATUSES = [
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
];

/** The fields of a call, listed or read alone, in sorted order. */
export const CALL_FIELDS = [
	'id',
	'assistant_name',
	'campaign_name',
	'type',
	'duration',
	'assistant_phone_number',
	'client_phone_number',
	'status',
	'transcript',
	'variables',
	'evaluation',
	'webhook_response',
	'carrier_cost',
	'total_cost',
	'answered_by',
	'recording_url',
	'created_at',
	'updated_at',
].sort();

/**
 * Registers a calls suite's hooks around a sandbox whose calls end at once, and returns it with the
 * list reads the calls suites share.
 */
export function useCallsSandbox() {
	const c = useSandbox({ callDurationMs: 0 });

	/** Every call of alice, newest first, as the list returns them. */
	async function allCalls(): Promise<ListedCall[]> {
		const r = await c.get('/api/user/calls?per_page=100');
		expect(r.status).toBe(200);
		expect(r.json.last_page).toBe(1);
		return r.json.data;
	}

	async function listed(query: string): Promise<ListedCall[]> {
		const r = await c.get(`/api/user/calls?per_page=100&${query}`);
		expect(r.status).toBe(200);
		return r.json.data;
	}
	return { c, allCalls, listed };
}
