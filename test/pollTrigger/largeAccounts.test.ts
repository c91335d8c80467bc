/**
 * The sweep at account sizes beyond one poll's reach, through n8n-core's PollContext against the
 * default sandbox: 5,000 WhatsApp conversations and 5,000 leads. Every change is emitted exactly
 * once within ⌈records ÷ (100 × Pages Per Poll)⌉ polls, an idle poll costs at most the first page
 * and Pages Per Poll more, and the remembered state stays bounded.
 */
import type { IDataObject } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import {
	DEFAULT_PAGES_PER_POLL,
	MAX_TRACKED_RECORDS,
	POLL_PAGE_SIZE,
} from '../../nodes/FamulorPollTrigger/constants';
import type { PollHarness } from '../../harness/pollEngine';
import { usePollKit } from './pollKit';
import {
	reachableConversations,
	seededPick,
	type ReachableConversation,
} from '../../harness/pollAccounts';

const pk = usePollKit();
const ACCOUNT = 5000;
const POLL_INTERVAL_MS = 60_000;
const WHATSAPP = { event: 'newWhatsAppMessage' };

/** The bound the trigger promises: a sweep cycle takes at most ⌈records ÷ (100 × Pages Per Poll)⌉ polls. */
const horizonPolls = (records: number) =>
	Math.ceil(records / (POLL_PAGE_SIZE * DEFAULT_PAGES_PER_POLL));

const listConversations = async () =>
	await reachableConversations(async (path) => (await pk().kit.api('GET', path)).json);

async function write(conversation: ReachableConversation, text: string): Promise<void> {
	const answer = await pk().kit.control<{ conversation_uuid: string }>(
		'POST',
		'/whatsapp/inbound',
		{
			sender_id: conversation.senderId,
			customer_phone: conversation.customerPhone,
			message: text,
		},
	);
	expect(answer.conversation_uuid).toBe(conversation.uuid);
}

/** One scheduled poll a poll interval later; its items, and the list pages it read. */
async function pollOnce(trigger: PollHarness, path: string) {
	await pk().kit.control('POST', '/clock/advance', { ms: POLL_INTERVAL_MS });
	await pk().takeRequests();
	const { items, error } = await trigger.poll();
	if (error) throw error;
	const listReads = (await pk().takeRequests()).filter((r) => r.path === path).length;
	return { items, listReads };
}

const sweepAt = (trigger: PollHarness) =>
	(trigger.remembered() as { sweep: { next: string } }).sweep.next;

/** Polls until the sweep completes a cycle (it has just passed the list's last record). */
async function untilCycleEnds(trigger: PollHarness, path: string, limit: number) {
	for (let n = 1; n <= limit; n++) {
		const { items } = await pollOnce(trigger, path);
		expect(items).toEqual([]);
		if (sweepAt(trigger) === '') return n;
	}
	throw new Error(`no cycle ended within ${limit} polls`);
}

const CONVERSATIONS = '/api/user/conversations';

describe('New WhatsApp Message on 5,000 conversations', () => {
	beforeEach(async () => {
		await pk().seedWhatsApp(ACCOUNT);
		// The account's newest update is after the 5,000 were made, not in their second (the trigger
		// would remember all 5,000, since a change in that second may come after its read).
		await pk().whatsApp('before the trigger starts');
	});

	test('a customer writing in the oldest conversation, just after the sweep passed it, is emitted once within the bound; an idle poll costs at most the budget', async () => {
		const { reachable: listed, total } = await listConversations();
		const bound = horizonPolls(total);
		const trigger = pk().trigger(WHATSAPP);
		await trigger.activate();
		await untilCycleEnds(trigger, CONVERSATIONS, bound + 1);
		const oldest = listed[listed.length - 1];
		await write(oldest, 'in the oldest conversation');
		const emitted: IDataObject[] = [];
		let emittedAt = 0;
		for (let n = 1; n <= 2 * bound; n++) {
			const { items, listReads } = await pollOnce(trigger, CONVERSATIONS);
			expect(listReads).toBeLessThanOrEqual(1 + DEFAULT_PAGES_PER_POLL);
			if (items.length > 0 && emittedAt === 0) emittedAt = n;
			emitted.push(...items);
		}
		expect(emittedAt).toBeGreaterThan(0);
		expect(emittedAt).toBeLessThanOrEqual(bound);
		// Beyond the newest 2,000, the oldest was never remembered: its latest message, marked.
		expect(emitted).toEqual([
			expect.objectContaining({
				conversation_id: oldest.uuid,
				message: 'in the oldest conversation',
				earlier_messages_unknown: true,
			}),
		]);
	}, 120_000);

	test('1,000 customer messages across the account: each emitted exactly once within the bound; the state stays bounded; a forgotten conversation emits its message once, marked', async () => {
		const { reachable: listed, total } = await listConversations();
		const bound = horizonPolls(total);
		const trigger = pk().trigger(WHATSAPP);
		await trigger.activate();
		const remembered = () => Object.keys((trigger.remembered() as { tracked: object }).tracked);
		const atFirst = new Set(remembered());
		expect(atFirst.size).toBe(MAX_TRACKED_RECORDS);
		const emitted = new Map<string, number>();
		const rounds = 5;
		for (let round = 0; round < rounds; round++) {
			const chosen = seededPick(listed, 200, round + 1);
			for (const conversation of chosen)
				await write(conversation, `r${round} ${conversation.uuid}`);
			for (let n = 1; n <= bound; n++) {
				const { items } = await pollOnce(trigger, CONVERSATIONS);
				for (const item of items) {
					const key = `${String(item.conversation_id)}|${String(item.message)}`;
					emitted.set(key, (emitted.get(key) ?? 0) + 1);
				}
			}
			const missing = chosen.filter((c) => !emitted.has(`${c.uuid}|r${round} ${c.uuid}`));
			expect(missing).toEqual([]);
			// Beyond the bound only by what changed within the last two sweeps.
			expect(remembered().length).toBeLessThanOrEqual(MAX_TRACKED_RECORDS + 2 * 200);
		}
		expect(emitted.size).toBe(rounds * 200);
		expect([...emitted.values()].every((times) => times === 1)).toBe(true);

		// Two idle sweeps later every change is older than knownUntil: back within the bound.
		await untilCycleEnds(trigger, CONVERSATIONS, bound + 1);
		await untilCycleEnds(trigger, CONVERSATIONS, bound + 1);
		await untilCycleEnds(trigger, CONVERSATIONS, bound + 1);
		expect(remembered().length).toBeLessThanOrEqual(MAX_TRACKED_RECORDS);
		expect(JSON.stringify(trigger.live()).length).toBeLessThan(100_000);

		// One remembered at first, forgotten since: its next message comes out once, marked.
		const now = new Set(remembered());
		const forgotten = listed.find(
			(c) => atFirst.has(c.uuid) && !now.has(c.uuid),
		) as ReachableConversation;
		expect(forgotten).toBeDefined();
		await write(forgotten, 'after being forgotten');
		const items: IDataObject[] = [];
		for (let n = 1; n <= bound + 1; n++)
			items.push(...(await pollOnce(trigger, CONVERSATIONS)).items);
		expect(items).toEqual([
			expect.objectContaining({
				conversation_id: forgotten.uuid,
				message: 'after being forgotten',
				earlier_messages_unknown: true,
			}),
		]);
	}, 300_000);
});

describe('Lead Status Changed on 5,000 leads', () => {
	const LEADS = '/api/user/leads';

	test('a status change on the deepest page and one half way down, just after the sweep passed them, each emitted once within the bound', async () => {
		await pk().kit.control('POST', '/leads/seed', {
			campaign_id: SEED.alice.draftCampaignId,
			count: ACCOUNT,
		});
		const first = (await pk().kit.api('GET', `${LEADS}?per_page=100`)).json;
		const total = first.total as number;
		const lastPage = first.last_page as number;
		const bound = horizonPolls(total);
		const trigger = pk().trigger({ event: 'leadStatusChanged' });
		await trigger.activate();
		await untilCycleEnds(trigger, LEADS, bound + 1);
		const onPage = async (page: number) =>
			(
				(await pk().kit.api('GET', `${LEADS}?per_page=100&page=${page}`)).json.data as IDataObject[]
			)[0];
		const deepest = await onPage(lastPage);
		const halfWay = await onPage(Math.ceil(lastPage / 2));
		for (const lead of [deepest, halfWay])
			expect(
				(await pk().kit.api('PUT', `/api/leads/${String(lead.id)}`, { status: 'completed' }))
					.status,
			).toBe(200);
		const emitted: IDataObject[] = [];
		for (let n = 1; n <= bound; n++) {
			const { items, listReads } = await pollOnce(trigger, LEADS);
			expect(listReads).toBeLessThanOrEqual(1 + DEFAULT_PAGES_PER_POLL);
			emitted.push(...items);
		}
		for (let n = 1; n <= bound; n++) expect((await pollOnce(trigger, LEADS)).items).toEqual([]);
		expect(emitted.map((lead) => lead.id).sort()).toEqual([deepest.id, halfWay.id].sort());
		for (const lead of emitted) expect(lead.status).toBe('completed');
	}, 120_000);
});
