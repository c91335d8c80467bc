/**
 * The polling trigger's list reads through the one paginator, against a scripted service (no
 * sandbox: its cursors never repeat): a cursor the service gives again ends the read with a warning
 * in n8n's log, and what was read before it is judged and emitted; the first poll of a list longer
 * than its page budget reads that budget and learns the rest over the next polls, emitting no change
 * from before it started, however recent, in a conversation it had not seen (sweep.ts, FIRST_CYCLE).
 */
import type { IDataObject } from 'n8n-workflow';

import {
	DEFAULT_PAGES_PER_POLL,
	FIRST_CYCLE_PAGES_PER_POLL,
	FIRST_POLL_MAX_PAGES,
	POLL_PAGE_SIZE,
} from '../../nodes/FamulorPollTrigger/constants';
import { inFirstCycle, type SweepState } from '../../nodes/FamulorPollTrigger/sweep';
import { firstCycleCost } from '../../harness/pollingCost';
import { createPollHarness, type PollHarness } from '../../harness/pollEngine';
import type { RecordedRequest } from '../helpers/scriptedServer';
import { useScriptedService } from '../helpers/scriptedService';

const LIST = '/api/user/conversations';
const CHAT = { event: 'newChatMessage' };

const service = useScriptedService('sbx_poll_guard_token_5b1e');

/** A web-widget conversation as the list gives it, with the customer's messages as its history. */
interface Conversation {
	id: string;
	messages: string[];
	updatedAt: string;
}

const record = (c: Conversation): IDataObject => ({
	id: c.id,
	type: 'widget',
	message_count: c.messages.length,
	created_at: '2026-01-01 00:00:00',
	updated_at: c.updatedAt,
	assistant_id: 104,
	ai_enabled: true,
});

/** The service: the list's pages by `page(cursor)`, each conversation's history by its ID. */
function serve(
	conversations: Map<string, Conversation>,
	page: (cursor: string | undefined) => { ids: string[]; next: string | null },
) {
	const { server } = service();
	server.requests.length = 0;
	server.fallback = (request: RecordedRequest) => {
		if (request.path === LIST) {
			const { ids, next } = page(request.query.cursor);
			return {
				status: 200,
				body: {
					data: ids.map((id) => record(conversations.get(id) as Conversation)),
					per_page: Number(request.query.per_page),
					next_cursor: next,
					prev_cursor: null,
				},
			};
		}
		const id = decodeURIComponent(request.path.replace('/api/conversations/', ''));
		const conversation = conversations.get(id);
		if (!conversation) return { status: 404, body: { message: 'Not found' } };
		const history = conversation.messages.map((content) => ({ role: 'user', content }));
		return { status: 200, body: { id, history } };
	};
}

const listReads = () => {
	const { server } = service();
	const reads = server.requests.filter((request) => request.path === LIST).length;
	server.requests.length = 0;
	return reads;
};

function write(conversations: Map<string, Conversation>, id: string, text: string, at: string) {
	const conversation = conversations.get(id) as Conversation;
	conversation.messages.push(text);
	conversation.updatedAt = at;
}

test('a cursor the service gives again ends each read with a warning; the conversation on that page is still watched and its message emitted', async () => {
	const conversations = new Map<string, Conversation>(
		['a', 'b', 'c'].map((id) => [
			id,
			{ id, messages: [`${id} 1`], updatedAt: '2026-01-01 00:00:00' },
		]),
	);
	// Below the first page, the service answers the cursor `c1` with `c1` again, for ever.
	serve(conversations, (cursor) =>
		cursor === undefined ? { ids: ['a', 'b'], next: 'c1' } : { ids: ['c'], next: 'c1' },
	);
	const trigger = createPollHarness(CHAT, service().credentials);
	await trigger.activate();
	expect(listReads()).toBe(2);
	const warning =
		'Famulor: The service gave page 1 of /api/user/conversations the same next cursor as the position the read started at, so reading stopped instead of returning the same records again.';
	expect(trigger.warnings).toEqual([warning]);
	expect(Object.keys((trigger.remembered() as { tracked: object }).tracked).sort()).toEqual([
		'a',
		'b',
		'c',
	]);

	write(conversations, 'c', 'c 2', '2026-01-01 00:05:00');
	const { items, error } = await trigger.poll();
	expect(error).toBeUndefined();
	expect(listReads()).toBe(2);
	expect(items).toEqual([
		expect.objectContaining({ conversation_id: 'c', message: 'c 2', message_index: 1 }),
	]);
	expect(trigger.warnings).toEqual([warning, warning]);
});

/**
 * `total` conversations, listed by cursor (the offset), all last updated before the trigger starts;
 * the one at `deepAt`, beyond the first poll's pages, got a customer's message later than the rest.
 */
function longList(total: number, deepAt: number) {
	const id = (n: number) => `conv-${String(n).padStart(4, '0')}`;
	const conversations = new Map<string, Conversation>(
		Array.from({ length: total }, (_, n) => [
			id(n),
			{ id: id(n), messages: ['hello'], updatedAt: '2026-01-01 00:00:00' },
		]),
	);
	write(conversations, id(deepAt), 'before the trigger started', '2026-01-02 10:00:00');
	serve(conversations, (cursor) => {
		const offset = Number(cursor ?? '0');
		const end = Math.min(total, offset + POLL_PAGE_SIZE);
		return {
			ids: Array.from({ length: end - offset }, (_, k) => id(offset + k)),
			next: end < total ? String(end) : null,
		};
	});
	return { conversations, id, deep: id(deepAt) };
}

const firstCycleOf = (trigger: PollHarness) =>
	inFirstCycle((trigger.remembered() as { sweep: SweepState }).sweep);

test('the first poll of 10,500 conversations reads its page budget and learns the rest over the next polls: a remembered conversation is watched meanwhile, an unseen one changed before it started is not emitted, and its next message is', async () => {
	const TOTAL = 10_500;
	const { conversations, id, deep } = longList(TOTAL, 10_200);
	const remembered = id(5);
	const cost = firstCycleCost(
		TOTAL,
		FIRST_POLL_MAX_PAGES,
		FIRST_CYCLE_PAGES_PER_POLL,
		POLL_PAGE_SIZE,
	);
	expect(cost).toEqual({ firstPollRequests: FIRST_POLL_MAX_PAGES, polls: 2, requests: 106 });

	const trigger = createPollHarness(CHAT, service().credentials);
	await trigger.activate();
	expect(listReads()).toBe(FIRST_POLL_MAX_PAGES);

	// Polls until the whole list was seen once: each within the budget, a remembered conversation's
	// message emitted, the deep one's message from before the start not.
	write(conversations, remembered, 'while the list is learnt', '2026-01-03 09:00:00');
	const learning: IDataObject[] = [];
	const reads = [FIRST_POLL_MAX_PAGES];
	while (firstCycleOf(trigger)) {
		const { items, error } = await trigger.poll();
		expect(error).toBeUndefined();
		learning.push(...items);
		reads.push(listReads());
		expect(reads.length).toBeLessThanOrEqual(cost.polls);
	}
	expect(reads).toEqual([100, 6]);
	expect(reads.reduce((sum, n) => sum + n, 0)).toBe(cost.requests);
	expect(learning).toEqual([
		expect.objectContaining({ conversation_id: remembered, message: 'while the list is learnt' }),
	]);

	// Watching: the deep conversation's next message comes out once, its earlier ones not.
	write(conversations, deep, 'after the trigger started', '2026-01-04 08:00:00');
	const watched: IDataObject[] = [];
	for (let n = 0; n < Math.ceil(TOTAL / (POLL_PAGE_SIZE * DEFAULT_PAGES_PER_POLL)); n++) {
		const { items, error } = await trigger.poll();
		expect(error).toBeUndefined();
		expect(listReads()).toBeLessThanOrEqual(1 + DEFAULT_PAGES_PER_POLL);
		watched.push(...items);
	}
	expect(watched).toEqual([
		expect.objectContaining({
			conversation_id: deep,
			message: 'after the trigger started',
			earlier_messages_unknown: true,
		}),
	]);
	expect(trigger.warnings).toEqual([]);
});

test('an unseen conversation whose message before the start is the newest update of all is not emitted when the first cycle completes, nor in the cycles after it', async () => {
	const TOTAL = 10_500;
	longList(TOTAL, 10_400);
	const trigger = createPollHarness(CHAT, service().credentials);
	await trigger.activate();
	let polls = 1;
	for (; firstCycleOf(trigger); polls++) expect((await trigger.poll()).items).toEqual([]);
	expect(polls).toBe(
		firstCycleCost(TOTAL, FIRST_POLL_MAX_PAGES, FIRST_CYCLE_PAGES_PER_POLL, POLL_PAGE_SIZE).polls,
	);
	const cycle = Math.ceil(TOTAL / (POLL_PAGE_SIZE * DEFAULT_PAGES_PER_POLL));
	for (let n = 0; n < 2 * cycle; n++) expect((await trigger.poll()).items).toEqual([]);
});
