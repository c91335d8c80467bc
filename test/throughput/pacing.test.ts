/**
 * Client-side pacing and 429 handling against the sandbox's real rate limits, scaled down so the
 * suite is short: generate-reply 5 per 2 s per token, WhatsApp free-form 5 per 1 s per user, with
 * the credential's custom limits set to match. The sandbox's request log records each arrival on
 * its clock, which is the driven clock here: the same clock the node's pacer reads.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RequestLogEntry } from '../../sandbox';
import { locator, type Kit } from '../node/kit';
import {
	ALICE,
	expectOneItemPerInput,
	expectWithinRateLimit,
	maxInAnyWindow,
	numberedItems,
	sessionStatusOf,
	startThroughputKit,
} from './kit';
import { useDrivenClock } from '../helpers/drivenClock';

const REPLY_PATH = '/api/ai/generate-reply';
const FREEFORM_PATH = '/api/user/whatsapp/send-freeform';
const STATUS_PATH = '/api/user/whatsapp/session-status';
const REPLY_LIMIT = { limit: 5, windowMs: 2000 };
const FREEFORM_LIMIT = { limit: 5, windowMs: 1000 };

let kit: Kit;

useDrivenClock();

beforeAll(async () => {
	kit = await startThroughputKit(
		{ rateLimits: { generateReply: REPLY_LIMIT, sendFreeform: FREEFORM_LIMIT } },
		{
			customRateLimits: true,
			generateReplyLimit: REPLY_LIMIT.limit,
			generateReplyWindowSeconds: REPLY_LIMIT.windowMs / 1000,
			sendFreeformLimit: FREEFORM_LIMIT.limit,
			sendFreeformWindowSeconds: FREEFORM_LIMIT.windowMs / 1000,
		},
	);
});
afterAll(async () => {
	await kit.stop();
});
beforeEach(async () => {
	await kit.control('POST', '/reset');
});

const freeform = (prefix: string) => ({
	resource: 'whatsApp',
	operation: 'sendFreeform',
	senderId: locator(ALICE.senders.online),
	recipientPhone: ALICE.openWindowCustomer.phone,
	message: `=${prefix} {{ $json.n }}`,
});

const reply = (prefix: string) => ({
	resource: 'aiReply',
	operation: 'generate',
	assistantId: locator(ALICE.chatAssistantId),
	customerIdentifier: `=${prefix}-{{ $json.n }}`,
	message: '=Hello {{ $json.n }}',
});

const bodyField = (entry: RequestLogEntry, field: string) =>
	(entry.body as IDataObject | null)?.[field];

/** Every item succeeded, in input order, each paired with its own input item. */
function expectAllSucceeded(result: Awaited<ReturnType<Kit['run']>>, count: number) {
	expectOneItemPerInput(result, count);
	for (const item of result.output) expect(item.json).toMatchObject({ success: true });
}

/** Each value was accepted (200) exactly once by the sandbox: nothing lost, nothing sent twice. */
function expectAcceptedOnce(log: RequestLogEntry[], field: string, values: string[]) {
	const accepted = log
		.filter((entry) => entry.status === 200)
		.map((entry) => bodyField(entry, field));
	expect([...accepted].sort()).toEqual([...values].sort());
}

describe('pacing', () => {
	// Each batch is larger than its limit, so pacing shows; the field tells the items apart in the log.
	it.each([
		{
			title: 'WhatsApp free-form: a batch never exceeds 5 sends per second and provokes no 429',
			operation: freeform,
			items: 16,
			path: FREEFORM_PATH,
			limit: FREEFORM_LIMIT,
			field: 'message',
			sent: (n: number) => `batch ${n}`,
		},
		{
			title: 'AI replies: a batch never exceeds the (scaled) 5 per 2 s and provokes no 429',
			operation: reply,
			items: 12,
			path: REPLY_PATH,
			limit: REPLY_LIMIT,
			field: 'customer_identifier',
			sent: (n: number) => `batch-${n}`,
		},
	])('$title', async ({ operation, items, path, limit, field, sent }) => {
		const result = await kit.run(operation('batch'), { input: numberedItems(items) });
		expectAllSucceeded(result, items);
		const log = await kit.requests(path);
		expect(log.map((entry) => entry.status)).toEqual(Array(items).fill(200));
		expect(log.map((entry) => bodyField(entry, field))).toEqual(
			Array.from({ length: items }, (_, n) => sent(n)),
		);
		expectWithinRateLimit(log, limit);
	});

	it('two workflows running at once on the same token share one budget', async () => {
		const [first, second] = await Promise.all([
			kit.run(freeform('first'), { input: numberedItems(8) }),
			kit.run(freeform('second'), { input: numberedItems(8) }),
		]);
		expectAllSucceeded(first, 8);
		expectAllSucceeded(second, 8);
		const log = await kit.requests(FREEFORM_PATH);
		expect(log.map((entry) => entry.status)).toEqual(Array(16).fill(200));
		expectWithinRateLimit(log, FREEFORM_LIMIT);
	});
});

describe('429 answers', () => {
	it('a 429 with Retry-After on a POST is waited out and the item retried, never failed; nothing is sent twice', async () => {
		await kit.fault({ method: 'POST', path: FREEFORM_PATH, count: 2, kind: '429', retryAfter: 1 });
		const result = await kit.run(freeform('after429'), { input: numberedItems(4) });
		expectAllSucceeded(result, 4);
		const log = await kit.requests(FREEFORM_PATH);
		expect(log.map((entry) => entry.status)).toEqual([429, 429, 200, 200, 200, 200]);
		expectAcceptedOnce(
			log,
			'message',
			Array.from({ length: 4 }, (_, n) => `after429 ${n}`),
		);
		// Retry-After: 1 was honoured before each repeat.
		expect(log[1].at - log[0].at).toBeGreaterThanOrEqual(1000);
		expect(log[2].at - log[1].at).toBeGreaterThanOrEqual(1000);
	});

	it('a 429 on a GET without a documented limit is waited out too', async () => {
		await kit.fault({ method: 'GET', path: STATUS_PATH, count: 1, kind: '429', retryAfter: 1 });
		const result = await kit.run(sessionStatusOf(ALICE.openWindowCustomer.phone), {
			input: numberedItems(2),
		});
		expectAllSucceeded(result, 2);
		expect((await kit.requests(STATUS_PATH)).map((entry) => entry.status)).toEqual([429, 200, 200]);
	});

	it('the real limit, used up by another client on the same token, is waited out: every item succeeds once', async () => {
		// Another workflow (another n8n, so another pacer) spends the whole window first.
		for (let n = 0; n < REPLY_LIMIT.limit; n++) {
			const answer = await kit.api('POST', REPLY_PATH, {
				assistant_id: ALICE.chatAssistantId,
				customer_identifier: `other-${n}`,
				message: 'hi',
			});
			expect(answer.status).toBe(200);
		}
		const result = await kit.run(reply('ours'), { input: numberedItems(6) });
		expectAllSucceeded(result, 6);

		const log = await kit.requests(REPLY_PATH);
		const ours = log.filter(
			(entry) =>
				String(bodyField(entry, 'customer_identifier') ?? '').startsWith('ours-') ||
				entry.status === 429,
		);
		expect(ours.filter((entry) => entry.status === 429).length).toBeGreaterThanOrEqual(1);
		expectAcceptedOnce(
			ours,
			'customer_identifier',
			Array.from({ length: 6 }, (_, n) => `ours-${n}`),
		);
		const accepted = log.filter((entry) => entry.status === 200).map((entry) => entry.at);
		expect(maxInAnyWindow(accepted, REPLY_LIMIT.windowMs)).toBeLessThanOrEqual(REPLY_LIMIT.limit);
	});

	it('a Retry-After beyond the total wait fails only its own item at once, saying the request was not processed', async () => {
		await kit.fault({
			method: 'POST',
			path: FREEFORM_PATH,
			count: 1,
			kind: '429',
			retryAfter: 3600,
		});
		const result = await kit.run(freeform('toolong'), {
			input: numberedItems(2),
			continueOnFail: true,
		});
		expect(result.output).toHaveLength(2);
		expect(result.output[0].json.error).toMatch(/429/);
		expect(String(result.output[0].json.error)).toMatch(/not processed/);
		expect(result.output[0].pairedItem).toEqual({ item: 0 });
		expect(result.output[1].json).toMatchObject({ success: true });
		const log = await kit.requests(FREEFORM_PATH);
		expect(log.map((entry) => entry.status)).toEqual([429, 200]);
	});
});
