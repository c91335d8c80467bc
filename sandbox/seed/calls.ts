/**
 * Finished calls of the seed, so the calls list has something to page and filter: 30 for alice
 * (assistants 101–103, inbound, outbound and web, several statuses, some from a campaign) and 3 for bob.
 */
import { callCosts } from '../domain/calls/callCosts';
import { SEED } from './facts';
import type { Assistant } from '../model/assistants';
import type { Call, CallStatus } from '../model/calls';
import type { State } from '../model/store';

const H = 3600_000;
const STATUSES: CallStatus[] = [
	'completed',
	'completed',
	'busy',
	'completed',
	'no-answer',
	'ended_by_customer',
	'completed',
	'failed',
	'completed',
	'ended_by_assistant',
];
const ANSWERED: CallStatus[] = ['completed', 'ended_by_customer', 'ended_by_assistant'];
const CUSTOMERS = [
	'+4915112345678',
	'+4917611110001',
	'+4917611110002',
	'+14155550199',
	'+4917698765432',
	'+4930987654321',
];
const ASSISTANT_CYCLE = [102, 101, 102, 103, 101];

/** Plausible values for the seeded assistants' post-call schemas; other names get a sample text. */
const EXTRACTED: Record<string, (i: number) => unknown> = {
	summary: (i) => `Caller ${i} asked about an order and got an answer.`,
	order_number: (i) => `A-${1000 + i}`,
	resolved: (i) => i % 4 !== 0,
	customer_name: (i) => ['Erika Musterfrau', 'Jonas Weber', 'Lea Schmidt'][i % 3],
	interested: (i) => i % 3 !== 1,
	budget: (i) => 1000 + 250 * (i % 8),
	confirmed: (i) => i % 2 === 0,
};

function extracted(a: Assistant, i: number): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const item of a.post_call_schema)
		out[item.name] = EXTRACTED[item.name]?.(i) ?? `sample ${item.name}`;
	return out;
}

function seededCall(
	s: State,
	p: {
		id: number;
		i: number;
		assistant: Assistant;
		type: Call['type'];
		status: CallStatus;
		at: number;
		campaign: Call['campaign'];
	},
): Call {
	const { assistant: a, i } = p;
	const answered = ANSWERED.includes(p.status);
	const duration = answered
		? p.id === SEED.alice.completedCallId
			? 180
			: 30 + ((i * 37) % 240)
		: 0;
	const phone = a.phone_number_id !== null ? s.phoneNumbers.get(a.phone_number_id) : undefined;
	const end = p.at + 20_000 + duration * 1000;
	return {
		id: p.id,
		user_id: a.user_id,
		assistant_id: a.id,
		type: p.type,
		customer_phone: p.type === 'web' ? null : CUSTOMERS[i % CUSTOMERS.length],
		assistant_phone: p.type === 'web' ? null : (phone?.phone_number ?? null),
		status: p.status,
		duration,
		transcript: answered
			? `Assistant: ${a.initial_message}\nCustomer: Hello, call ${p.id} here.\nAssistant: Thank you, goodbye!`
			: null,
		extracted_variables: answered ? extracted(a, i) : {},
		input_variables: i % 3 === 0 ? { customer_name: EXTRACTED.customer_name(i) } : {},
		recording_url: answered ? `https://recordings.famulor.de/sandbox/${p.id}.mp3` : null,
		created_at: p.at,
		updated_at: end,
		finished_at: end,
		campaign: p.campaign,
		answered_by: answered ? (i % 9 === 5 ? 'machine' : 'human') : null,
		...callCosts(duration),
		webhook_response: answered && i % 2 === 0 ? { received: true } : null,
	};
}

export function seedCalls(s: State): void {
	const now = s.now();
	SEED.alice.callIds.forEach((id, i) => {
		// 480336 is a campaign call and 480337 a plain completed call of Sales Outreach, as in the docs' examples
		const docsExample = id === SEED.alice.completedCallId || id === SEED.alice.completedCallId - 1;
		const web = !docsExample && i % 10 === 4;
		const assistantId = docsExample
			? SEED.alice.outboundAssistantId
			: web
				? SEED.alice.inboundAssistantId
				: ASSISTANT_CYCLE[i % ASSISTANT_CYCLE.length];
		const a = s.assistants.get(assistantId) as Assistant;
		const type: Call['type'] = web ? 'web' : a.type;
		const campaign =
			id === SEED.alice.completedCallId - 1 ||
			(a.type === 'outbound' && !docsExample && i % 3 === 0)
				? SEED.alice.campaign
				: null;
		const status = docsExample ? 'completed' : STATUSES[i % STATUSES.length];
		s.calls.set(
			id,
			seededCall(s, { id, i, assistant: a, type, status, at: now - (30 - i) * 13 * H, campaign }),
		);
	});
	const bobAssistant = s.assistants.get(SEED.bob.outboundAssistantId) as Assistant;
	SEED.bob.callIds.forEach((id, i) => {
		s.calls.set(
			id,
			seededCall(s, {
				id,
				i,
				assistant: bobAssistant,
				type: 'outbound',
				status: STATUSES[i],
				at: now - (3 - i) * 24 * H,
				campaign: null,
			}),
		);
	});
}
