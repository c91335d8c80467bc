/**
 * Rows of case 9 (bench/pollTrigger.ts): the first poll of New WhatsApp Message on accounts of 5,000
 * and 50,000 conversations. It reads at most FIRST_POLL_MAX_PAGES pages; the polls after it learn the
 * rest of the list (the first cycle, nodes/FamulorPollTrigger/sweep.ts). Its requests, the polls and
 * requests until the list is learnt, and what the learning polls emitted (a message written before
 * the start deep in the list, later than anything the first poll sees, must not come out), beside
 * firstCycleCost, which the README's polling cost table shows.
 */
import { createPollHarness, type PollHarness } from '../harness/pollEngine';
import { reachableConversations } from '../harness/pollAccounts';
import {
	FIRST_CYCLE_PAGES_PER_POLL,
	FIRST_POLL_MAX_PAGES,
	POLL_PAGE_SIZE,
} from '../nodes/FamulorPollTrigger/constants';
import { firstCycleCost } from '../harness/pollingCost';
import { inFirstCycle, type SweepState } from '../nodes/FamulorPollTrigger/sweep';
import { seconds, type Row } from './measure';
import { pollBenchSandbox } from './pollSweep';

const ACCOUNTS = [5_000, 50_000];
const POLL_INTERVAL_MS = 60_000;
const LIST = '/api/user/conversations';

const learning = (trigger: PollHarness) =>
	inFirstCycle((trigger.remembered() as { sweep: SweepState }).sweep);

async function firstPollRow(account: number): Promise<Row> {
	const { sb, client, credentials } = await pollBenchSandbox();
	try {
		await client.controlJson('POST', '/conversations/seed', {
			user: 'alice',
			count: account,
			type: 'whatsapp',
		});
		await client.controlJson('POST', '/clock/advance', { ms: POLL_INTERVAL_MS });
		const { reachable, total } = await reachableConversations(
			async (path) => (await client.api<Record<string, unknown>>('GET', path)).json as never,
		);
		// The oldest conversation, on the list's last page, gets the account's newest message.
		const oldest = reachable[reachable.length - 1];
		await client.controlJson('POST', '/whatsapp/inbound', {
			sender_id: oldest.senderId,
			customer_phone: oldest.customerPhone,
			message: 'before the trigger starts',
		});
		const listReads = async () => {
			const reads = (await client.apiRequests()).filter((r) => r.path === LIST).length;
			await client.clearRequests();
			return reads;
		};
		await client.clearRequests();
		const trigger = createPollHarness({ event: 'newWhatsAppMessage' }, credentials);
		const started = Date.now();
		await trigger.activate();
		const firstPollMs = Date.now() - started;
		const first = await listReads();
		let polls = 1;
		let requests = first;
		let emitted = 0;
		while (learning(trigger) && polls <= total) {
			await client.controlJson('POST', '/clock/advance', { ms: POLL_INTERVAL_MS });
			const { items, error } = await trigger.poll();
			if (error) throw error;
			emitted += items.length;
			requests += await listReads();
			polls++;
		}
		const cost = firstCycleCost(
			total,
			FIRST_POLL_MAX_PAGES,
			FIRST_CYCLE_PAGES_PER_POLL,
			POLL_PAGE_SIZE,
		);
		return {
			case: `first poll: ${total} conversations, the oldest written to just before`,
			'first poll requests': first,
			'first poll s': seconds(firstPollMs),
			'polls to learn': polls,
			'requests to learn': requests,
			'emitted meanwhile': emitted,
			target: `${cost.firstPollRequests}, ${cost.polls} polls, ${cost.requests} requests, 0 emitted`,
		};
	} finally {
		await sb.stop();
	}
}

export async function firstPollRows(): Promise<Row[]> {
	const rows: Row[] = [];
	for (const account of ACCOUNTS) rows.push(await firstPollRow(account));
	return rows;
}
