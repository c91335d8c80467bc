/**
 * Rows of case 9 (bench/pollTrigger.ts): New WhatsApp Message on an account of 5,000
 * conversations, swept Pages Per Poll pages a poll (nodes/FamulorPollTrigger/sweep.ts). A message in
 * the oldest conversation, written just after the sweep passed it, within ⌈5,000 ÷ (100 × Pages Per
 * Poll)⌉ polls; an idle poll within the budget (the first page and Pages Per Poll more); 1,000
 * messages in 200 of the conversations the state remembers, beside a minimal reader's requests.
 */
import { startSandbox } from '../sandbox';
import { createPollHarness, type PollHarness } from '../harness/pollEngine';
import {
	reachableConversations,
	seededPick,
	type ReachableConversation,
} from '../harness/pollAccounts';
import { SandboxClient } from '../harness/sandboxClient';
import type { TestCredentials } from '../harness/engine';
import { UNPACED_GENERAL_LIMIT } from '../harness/credentials';
import {
	DEFAULT_PAGES_PER_POLL,
	MAX_TRACKED_RECORDS,
	POLL_PAGE_SIZE,
} from '../nodes/FamulorPollTrigger/constants';
import { inFirstCycle, type SweepState } from '../nodes/FamulorPollTrigger/sweep';
import { ratio, type Row } from './measure';

const ACCOUNT = 5000;
const CHANGED = 200;
const MESSAGES_EACH = 5;
const POLL_INTERVAL_MS = 60_000;
const LIST = '/api/user/conversations';

/** An in-process sandbox without its general limit, a client of it, and alice's unpaced credentials. */
export async function pollBenchSandbox() {
	const sb = await startSandbox({ port: 0, callDurationMs: 0, generalRateLimit: false });
	const credentials: TestCredentials = {
		apiToken: sb.tokens.alice,
		baseUrl: sb.url,
		...UNPACED_GENERAL_LIMIT,
	};
	return { sb, client: new SandboxClient(sb), credentials };
}

export async function sweepRows(): Promise<Row[]> {
	const { sb, client, credentials } = await pollBenchSandbox();
	const write = async (c: ReachableConversation, text: string) =>
		await client.controlJson('POST', '/whatsapp/inbound', {
			sender_id: c.senderId,
			customer_phone: c.customerPhone,
			message: text,
		});
	/** One poll a poll interval later: what it emitted and the requests it sent. */
	const poll = async (trigger: PollHarness) => {
		await client.controlJson('POST', '/clock/advance', { ms: POLL_INTERVAL_MS });
		await client.clearRequests();
		const { items, error } = await trigger.poll();
		if (error) throw error;
		const requests = await client.apiRequests();
		return {
			items,
			requests: requests.length,
			listReads: requests.filter((r) => r.path === LIST).length,
		};
	};
	const sweepAt = (trigger: PollHarness) =>
		(trigger.remembered() as { sweep: { next: string } }).sweep.next;
	try {
		await client.controlJson('POST', '/conversations/seed', {
			user: 'alice',
			count: ACCOUNT,
			type: 'whatsapp',
		});
		await client.controlJson('POST', '/clock/advance', { ms: POLL_INTERVAL_MS });
		const { reachable, total } = await reachableConversations(
			async (path) => (await client.api<Record<string, unknown>>('GET', path)).json as never,
		);
		const bound = Math.ceil(total / (POLL_PAGE_SIZE * DEFAULT_PAGES_PER_POLL));
		const trigger = createPollHarness({ event: 'newWhatsAppMessage' }, credentials);
		await trigger.activate();
		// The first cycle (bench/pollFirst.ts measures it): the sweep's idle polls come after it.
		while (inFirstCycle((trigger.remembered() as { sweep: SweepState }).sweep)) await poll(trigger);
		let idleMax = 0;
		let idleListMax = 0;
		for (let n = 0; n <= bound && (n === 0 || sweepAt(trigger) !== ''); n++) {
			const idle = await poll(trigger);
			idleMax = Math.max(idleMax, idle.requests);
			idleListMax = Math.max(idleListMax, idle.listReads);
		}
		const oldest = reachable[reachable.length - 1];
		await write(oldest, 'in the oldest');
		let polls = 0;
		let emitted = 0;
		for (let n = 1; n <= 2 * bound; n++) {
			const { items } = await poll(trigger);
			if (items.length > 0 && polls === 0) polls = n;
			emitted += items.length;
		}
		const rows: Row[] = [
			{
				case: `${total} conversations: a message in the oldest, just after the sweep passed it`,
				'polls to emit': polls,
				target: `≤ ⌈${total} ÷ (${POLL_PAGE_SIZE} × ${DEFAULT_PAGES_PER_POLL})⌉ = ${bound}`,
				emitted,
				'emitted once': emitted === 1 ? 'yes' : 'NO',
			},
			{
				case: `idle poll: ${total} conversations, Pages Per Poll ${DEFAULT_PAGES_PER_POLL} (a whole cycle)`,
				requests: idleMax,
				'list pages': idleListMax,
				target: `≤ ${1 + DEFAULT_PAGES_PER_POLL}`,
			},
		];

		// 1,000 messages in 200 conversations, shuffled, each conversation's own in order.
		// Among the 2,000 most recent, which the state remembers: an older one emits its latest only.
		const chosen = seededPick(reachable.slice(0, MAX_TRACKED_RECORDS), CHANGED, 7);
		const order = Array.from({ length: CHANGED * MESSAGES_EACH }, (_, i) => i % CHANGED).sort(
			() => Math.random() - 0.5,
		);
		const sent = new Map<number, number>();
		for (const n of order) {
			const k = (sent.get(n) ?? 0) + 1;
			sent.set(n, k);
			await write(chosen[n], `c${n} m${k}`);
		}
		let requests = 0;
		const keys: string[] = [];
		let pollsUsed = 0;
		for (let n = 1; n <= bound; n++) {
			const result = await poll(trigger);
			requests += result.requests;
			pollsUsed = result.items.length > 0 ? n : pollsUsed;
			for (const item of result.items)
				keys.push(`${String(item.conversation_id)}|${String(item.message)}`);
		}
		// A minimal reader lists the whole account once (no page shows an order) and reads each changed history.
		const minimal = Math.ceil(total / POLL_PAGE_SIZE) + CHANGED;
		rows.push({
			case: `${CHANGED * MESSAGES_EACH} messages in ${CHANGED} of the newest ${MAX_TRACKED_RECORDS} of ${total} conversations, ${bound} polls (a cycle)`,
			emitted: keys.length,
			'emitted once': new Set(keys).size === keys.length ? 'yes' : 'NO',
			'last emitting poll': pollsUsed,
			requests,
			'minimal reader': minimal,
			ratio: ratio(requests / minimal),
			target: '≤ 1.1',
		});
		return rows;
	} finally {
		await sb.stop();
	}
}
