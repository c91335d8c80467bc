/**
 * Call Ended, New Lead, Lead Status Changed and Document Processed through n8n-core's PollContext
 * against the sandbox: first poll quiet, each event once, restart, page overflow, failed poll,
 * filters, Fetch Test Event, and what an idle poll costs.
 */
import { SEED } from '../../sandbox';
import { byId, usePollKit } from './pollKit';
import { drivingTimers, expectBackoffs, settledValue } from '../helpers/drivenClock';

const pk = usePollKit();
const A = SEED.alice;
const ids = (items: Array<{ id?: unknown }>) => items.map((item) => Number(item.id));

async function makeCall(
	assistantId = A.outboundAssistantId,
	phone = '+4915112345678',
): Promise<number> {
	const answer = await pk().kit.api('POST', '/api/user/make_call', {
		phone_number: phone,
		assistant_id: assistantId,
	});
	return Number(answer.json.call_id);
}

const endCall = async (id: number, status = 'completed') =>
	await pk().kit.control('POST', `/calls/${id}/end`, { status });

async function addLead(phone: string, campaignId = A.draftCampaignId): Promise<number> {
	const answer = await pk().kit.api('POST', '/api/user/lead', {
		phone_number: phone,
		campaign_id: campaignId,
	});
	return Number((answer.json.data as { id: number }).id);
}

describe('Call Ended', () => {
	it('first poll quiet; a call is emitted once when it ends, also one that started before the trigger; an idle poll is one request', async () => {
		const early = await makeCall();
		const trigger = pk().trigger({ event: 'callEnded' });
		expect((await trigger.activate()).items).toEqual([]);
		const late = await makeCall();
		expect((await trigger.poll()).items).toEqual([]);
		await endCall(late);
		await endCall(early, 'no-answer');
		const { items } = await trigger.poll();
		expect(ids(items)).toEqual([early, late]);
		const [lateItem] = items.filter((item) => item.id === late);
		const got = await pk().kit.api('GET', `/api/user/calls/${late}`);
		expect(Object.keys(lateItem).sort()).toEqual(Object.keys(got.json).sort());
		await pk().takeRequests();
		expect((await trigger.poll()).items).toEqual([]);
		const idle = await pk().takeRequests();
		expect(idle).toHaveLength(1);
		expect(idle[0].query).toMatchObject({
			per_page: '100',
			page: '1',
			date_from: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
		});
	});

	it('restart and a failed poll: each ended call once', async () => {
		const trigger = pk().trigger({ event: 'callEnded' });
		await trigger.activate();
		const first = await makeCall();
		await endCall(first);
		expect(ids((await trigger.poll()).items)).toEqual([first]);
		const second = await makeCall();
		await endCall(second);
		await pk().kit.fault({ method: 'GET', path: '/api/user/calls', count: 10, kind: '500' });
		const { result, waitsMs } = await drivingTimers(() => trigger.poll());
		expect(settledValue(result).error).toBeDefined();
		expectBackoffs(waitsMs);
		await pk().clearFaults();
		trigger.restart();
		expect(ids((await trigger.poll()).items)).toEqual([second]);
		trigger.restart();
		expect((await trigger.poll()).items).toEqual([]);
	});

	it('more ended calls than one page: every one, once, oldest first', async () => {
		const trigger = pk().trigger({ event: 'callEnded' });
		await trigger.activate();
		const made: number[] = [];
		for (let i = 0; i < 130; i++) {
			const id = await pk().kit.control<{ call: { id: number } }>('POST', '/calls/inbound', {
				assistant_id: A.inboundAssistantId,
				customer_phone: `+49151${String(10000000 + i)}`,
			});
			made.push(id.call.id);
		}
		expect(ids((await trigger.poll()).items)).toEqual(made);
		expect((await trigger.poll()).items).toEqual([]);
	});

	it('filters: assistant, direction (sent to the list), statuses (checked here)', async () => {
		const trigger = pk().trigger({
			event: 'callEnded',
			assistantId: byId(A.outboundAssistantId),
			direction: 'outbound',
			callStatuses: ['completed'],
		});
		await trigger.activate();
		const answered = await makeCall();
		const unanswered = await makeCall();
		await endCall(answered);
		await endCall(unanswered, 'busy');
		await pk().kit.control('POST', '/calls/inbound', {
			assistant_id: A.inboundAssistantId,
			customer_phone: '+4915199999999',
		});
		await pk().takeRequests();
		expect(ids((await trigger.poll()).items)).toEqual([answered]);
		expect((await pk().takeRequests())[0].query).toMatchObject({
			assistant_id: String(A.outboundAssistantId),
			type: 'outbound',
		});
	});

	it('Fetch Test Event: the latest ended call', async () => {
		const sample = await pk().trigger({ event: 'callEnded' }).poll('manual');
		expect(ids(sample.items)).toEqual([Math.max(...A.callIds)]);
	});
});

describe('New Lead and Lead Status Changed', () => {
	it('New Lead: first poll quiet, each new lead once, across pages (the list runs oldest first: page 1, then the last)', async () => {
		const trigger = pk().trigger({ event: 'newLead' });
		await trigger.activate();
		const added: number[] = [];
		for (let i = 0; i < 120; i++) added.push(await addLead(`+4917${String(20000000 + i)}`));
		expect(ids((await trigger.poll()).items)).toEqual(added);
		await pk().takeRequests();
		expect((await trigger.poll()).items).toEqual([]);
		const idle = await pk().takeRequests();
		expect(idle.map((r) => r.query.page)).toEqual(['1', '2']);
		trigger.restart();
		expect((await trigger.poll()).items).toEqual([]);
	});

	it('New Lead filters: campaign (sent to the list) and statuses', async () => {
		const trigger = pk().trigger({
			event: 'newLead',
			campaignId: byId(A.draftCampaignId),
			leadStatuses: ['created'],
		});
		await trigger.activate();
		const mine = await addLead('+4917630000001');
		await addLead('+4917630000002', 92);
		expect(ids((await trigger.poll()).items)).toEqual([mine]);
	});

	it('Lead Status Changed: once per change with the previous status; a new lead changing is one too; filters', async () => {
		const trigger = pk().trigger({ event: 'leadStatusChanged' });
		const completedOnly = pk().trigger({ event: 'leadStatusChanged', leadStatuses: ['completed'] });
		await trigger.activate();
		await completedOnly.activate();
		await pk().kit.api('PUT', `/api/leads/${A.leadIds[0]}`, { status: 'completed' });
		const fresh = await addLead('+4917630000003');
		const changed = (items: Array<{ id?: unknown; previous_status?: unknown; status?: unknown }>) =>
			items.map((item) => [item.id, item.previous_status, item.status]);
		expect(changed((await trigger.poll()).items)).toEqual([[A.leadIds[0], 'created', 'completed']]);
		await pk().kit.api('PUT', `/api/leads/${fresh}`, { status: 'reached-max-retries' });
		expect(changed((await trigger.poll()).items)).toEqual([
			[fresh, 'created', 'reached-max-retries'],
		]);
		expect(changed((await completedOnly.poll()).items)).toEqual([
			[A.leadIds[0], 'created', 'completed'],
		]);
		trigger.restart();
		expect((await trigger.poll()).items).toEqual([]);
	});
});

describe('Document Processed', () => {
	async function addDocument(kb = A.knowledgeBaseId): Promise<number> {
		const answer = await pk().kit.api('POST', `/api/user/knowledgebases/${kb}/documents`, {
			name: 'Prices',
			type: 'website',
			url: 'https://example.com/prices',
		});
		return Number((answer.json.data as { id: number }).id);
	}

	it('first poll quiet; a document leaving processing is emitted once (active or failed); an idle poll is one request', async () => {
		const trigger = pk().trigger({ event: 'documentProcessed' });
		expect((await trigger.activate()).items).toEqual([]);
		const ready = await addDocument();
		const broken = await addDocument();
		expect((await trigger.poll()).items).toEqual([]);
		await pk().kit.control('POST', `/documents/${broken}/fail`);
		await pk().kit.control('POST', '/clock/advance', { ms: 61_000 });
		const { items } = await trigger.poll();
		expect(items.map((item) => [item.id, item.status, item.knowledge_base_id])).toEqual([
			[ready, 'active', A.knowledgeBaseId],
			[broken, 'failed', A.knowledgeBaseId],
		]);
		await pk().takeRequests();
		expect((await trigger.poll()).items).toEqual([]);
		expect((await pk().takeRequests()).map((r) => r.path)).toEqual(['/api/user/knowledgebases']);
	});

	it('a document added and processed between two polls, of the chosen knowledge base only', async () => {
		const other = Number(
			(
				(await pk().kit.api('POST', '/api/user/knowledgebases', { name: 'Other' })).json.data as {
					id: number;
				}
			).id,
		);
		const trigger = pk().trigger({
			event: 'documentProcessed',
			knowledgeBaseId: byId(A.knowledgeBaseId),
		});
		await trigger.activate();
		const mine = await addDocument();
		await addDocument(other);
		await pk().kit.control('POST', '/clock/advance', { ms: 61_000 });
		expect(ids((await trigger.poll()).items)).toEqual([mine]);
		trigger.restart();
		expect((await trigger.poll()).items).toEqual([]);
	});
});

describe('New Chat Message', () => {
	it('first poll quiet; each visitor message once (not the assistant replies); Fetch Test Event', async () => {
		const trigger = pk().trigger({ event: 'newChatMessage' });
		await trigger.activate();
		const conversation = await pk().chat('Do you ship to Austria?');
		await pk().chat('And to Switzerland?', conversation);
		const { items } = await trigger.poll();
		expect(
			items.map((item) => [item.conversation_id, item.type, item.message, item.message_index]),
		).toEqual([
			[conversation, 'widget', 'Do you ship to Austria?', 0],
			[conversation, 'widget', 'And to Switzerland?', 2],
		]);
		expect(items[0]).not.toHaveProperty('sender_id');
		expect((await trigger.poll()).items).toEqual([]);
		const sample = await pk().trigger({ event: 'newChatMessage' }).poll('manual');
		expect(sample.items.map((item) => item.message)).toEqual(['And to Switzerland?']);
	});
});
