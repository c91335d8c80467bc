/** The WhatsApp Message Status event: read receipts set up in the dashboard, signed with the sender's secret. */
import { createHmac } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import {
	DEDUPE_MAX_ENTRIES,
	DEDUPE_WINDOW_MS,
	RECEIPT_TOLERANCE_MS,
} from '../../nodes/FamulorTrigger/dedupe';
import { claimDelivery, IN_FLIGHT_MAX_ENTRIES } from '../../nodes/FamulorTrigger/inFlight';
import { useTriggerKit } from './triggerKit';
import { stopDate } from '../helpers/realTimers';

const SENDER = 71;

const kit = useTriggerKit();

const sign = (raw: string, secret: string) =>
	`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** A published read-receipt trigger whose Production URL is pasted into the sender's settings in the sandbox "dashboard". */
async function publishedReceipts(extra: IDataObject = {}, typeVersion = 1.1) {
	const probe = kit().trigger({ event: 'whatsAppMessageStatus', signingSecret: 'placeholder' });
	const { signing_secret: secret } = await kit().setReadReceiptUrl(SENDER, probe.productionUrl);
	const t = kit().trigger(
		{ event: 'whatsAppMessageStatus', signingSecret: secret, ...extra },
		{ typeVersion },
	);
	expect(await t.lifecycle('checkExists')).toBe(false);
	expect(await t.lifecycle('create')).toBe(true);
	return { t, secret };
}

/** Now as the service writes it: ISO 8601 with an offset, in the owner's time zone (here +02:00). */
const isoAt = (ms: number) =>
	new Date(ms + 2 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+02:00');

const receipt = (over: IDataObject = {}) => ({
	event: 'message_status',
	whatsapp_message_id: 880123,
	message_sid: 'SM0123',
	meta_message_id: null,
	conversation_id: null,
	assistant_id: null,
	sender: { id: SENDER, phone_number: '+4915112345671', display_name: 'Example Support' },
	to: '+4917612345678',
	from: '+4915112345671',
	direction: 'outbound',
	status: 'delivered',
	error_code: null,
	error_message: null,
	error_description: null,
	timestamp: isoAt(Date.now()),
	provider_timestamp: null,
	...over,
});

describe('set-up', () => {
	it('registers nothing through the API: publishing and unpublishing send no request', async () => {
		const { t } = await publishedReceipts();
		await t.lifecycle('delete', 'internal', 'update');
		expect(await kit().requests()).toEqual([]);
	});

	it('publishing without a signing secret fails with what to do', async () => {
		const t = kit().trigger({ event: 'whatsAppMessageStatus', signingSecret: '' });
		await expect(t.lifecycle('create')).rejects.toThrow(
			'Parameter "Signing Secret" is empty: copy the signing secret of the WhatsApp sender\'s read receipts from the Famulor dashboard into it',
		);
	});

	it('shows where to paste the Production URL', () => {
		const t = kit().trigger({ event: 'whatsAppMessageStatus' });
		const notice = (
			t.workflow.nodeTypes.getByNameAndVersion(t.node.type, 1.1).description.properties ?? []
		).find((p) => p.name === 'readReceiptsNotice');
		expect(notice?.type).toBe('notice');
		expect(notice?.displayName).toContain('Production URL');
		expect(notice?.displayName).toContain('Read receipts');
		expect(notice?.displayOptions).toEqual({ show: { event: ['whatsAppMessageStatus'] } });
	});
});

describe('signed deliveries from the sandbox', () => {
	it('every status of a sent message starts the workflow once, as a flat item', async () => {
		await publishedReceipts();
		const messageId = await kit().sendWhatsAppMessage();
		const deliveries = await kit().emitStatuses(messageId, ['sent', 'delivered', 'read']);
		expect(deliveries.map((d) => [d.kind, d.whatsappMessageId, d.status])).toEqual([
			['message_status', messageId, 200],
			['message_status', messageId, 200],
			['message_status', messageId, 200],
		]);
		expect(kit().deliveries.flatMap((d) => d.emitted)).toEqual(
			['sent', 'delivered', 'read'].map((status) => ({
				whatsapp_message_id: messageId,
				status,
				to: '+4917612345678',
				from: '+4915112345671',
				sender_id: SENDER,
				sender_name: 'Example Support',
				conversation_id: expect.any(String),
				error_code: null,
				error: null,
				at: expect.any(String),
				test: false,
			})),
		);
	});

	it('without Simplify, the receipt is output with every documented field', async () => {
		await publishedReceipts({ simplify: false });
		const messageId = await kit().sendWhatsAppMessage();
		await kit().emitStatuses(messageId, ['failed']);
		expect(kit().deliveries[0].emitted[0]).toEqual(
			expect.objectContaining({
				event: 'message_status',
				whatsapp_message_id: messageId,
				status: 'failed',
				error_code: 63016,
				direction: 'outbound',
			}),
		);
	});

	it('a receipt retried after a lost answer (5xx) starts one execution only', async () => {
		await publishedReceipts();
		const messageId = await kit().sendWhatsAppMessage();
		kit().loseAnswers = 1;
		await kit().emitStatuses(messageId, ['delivered']);
		await kit().ctl('POST', '/clock/advance', { ms: 30_000 });
		const log = (await kit().ctl('GET', '/webhooks?kind=message_status')) as Array<{
			attempt: number;
			status: number;
		}>;
		expect(log.map((entry) => [entry.attempt, entry.status])).toEqual([
			[1, 500],
			[2, 200],
		]);
		expect(kit().deliveries.map((d) => d.emitted.length)).toEqual([1, 0]);
	});

	it('"Only These Statuses" acknowledges other statuses without starting the workflow', async () => {
		await publishedReceipts({ options: { onlyStatuses: ['read', 'failed'] } });
		const messageId = await kit().sendWhatsAppMessage();
		await kit().emitStatuses(messageId, ['sent', 'delivered', 'read']);
		expect(kit().deliveries.map((d) => [d.status, d.emitted.map((item) => item.status)])).toEqual([
			[200, []],
			[200, []],
			[200, ['read']],
		]);
	});

	it('after the secret is regenerated in the dashboard, receipts are refused with 401 and not retried', async () => {
		await publishedReceipts();
		await kit().ctl('POST', `/whatsapp/senders/${SENDER}/read-receipts/regenerate`);
		const messageId = await kit().sendWhatsAppMessage();
		await kit().emitStatuses(messageId, ['sent']);
		await kit().ctl('POST', '/clock/advance', { ms: 10 * 60_000 });
		const log = (await kit().ctl('GET', '/webhooks?kind=message_status')) as Array<{
			attempt: number;
			status: number;
		}>;
		expect(log.map((entry) => [entry.attempt, entry.status])).toEqual([[1, 401]]);
		expect(kit().deliveries.flatMap((d) => d.emitted)).toEqual([]);
	});
});

describe('forged and duplicate deliveries', () => {
	it('unsigned, wrongly signed, signed with another secret or over other bytes: 401, nothing starts', async () => {
		const { t, secret } = await publishedReceipts();
		const raw = JSON.stringify(receipt());
		const good = sign(raw, secret);
		expect(await kit().post(t.productionUrl, raw)).toBe(401);
		expect(
			await kit().post(t.productionUrl, raw, { 'X-Signature-256': 'sha256=' + '0'.repeat(64) }),
		).toBe(401);
		expect(
			await kit().post(t.productionUrl, raw, { 'X-Signature-256': sign(raw, 'another-secret') }),
		).toBe(401);
		expect(
			await kit().post(t.productionUrl, raw, { 'X-Signature-256': good.slice('sha256='.length) }),
		).toBe(401);
		// Same JSON value, different bytes: the signature covers the raw body.
		expect(
			await kit().post(t.productionUrl, JSON.stringify(receipt(), null, 2), {
				'X-Signature-256': good,
			}),
		).toBe(401);
		expect(
			await kit().post(t.productionUrl, JSON.stringify(receipt({ status: 'read' })), {
				'X-Signature-256': good,
			}),
		).toBe(401);
		expect(kit().deliveries.map((d) => d.status)).toEqual([401, 401, 401, 401, 401, 401]);
		expect(kit().deliveries.flatMap((d) => d.emitted)).toEqual([]);

		// The raw bytes as signed pass, whatever their formatting.
		const pretty = JSON.stringify(receipt(), null, 2);
		expect(
			await kit().post(t.productionUrl, pretty, { 'X-Signature-256': sign(pretty, secret) }),
		).toBe(200);
		expect(kit().deliveries.at(-1)?.emitted).toHaveLength(1);
	});

	it('with Simplify off, top-level json, binary and pairedItem keys are data under json, never the item', async () => {
		const { t, secret } = await publishedReceipts({ simplify: false });
		const raw = JSON.stringify(
			receipt({
				json: { status: 'forged' },
				binary: { data: { data: 'ZXZpbA==', mimeType: 'text/plain' } },
				pairedItem: { item: 3 },
			}),
		);
		expect(await kit().post(t.productionUrl, raw, { 'X-Signature-256': sign(raw, secret) })).toBe(
			200,
		);
		const [item] = kit().deliveries[0].result.workflowData?.[0] ?? [];
		expect(Object.keys(item)).toEqual(['json']);
		expect(item.json).toMatchObject({
			json: { status: 'forged' },
			binary: { data: { data: 'ZXZpbA==', mimeType: 'text/plain' } },
			pairedItem: { item: 3 },
			status: 'delivered',
		});
	});

	it('a duplicate (same message and status) emits once, also when both copies arrive at the same instant', async () => {
		const { t, secret } = await publishedReceipts();
		const delivered = JSON.stringify(receipt());
		const copies = await kit().deliverTogether(t.productionUrl, delivered, 2, {
			'X-Signature-256': sign(delivered, secret),
		});
		expect(copies.map((d) => d.emitted.length).sort()).toEqual([0, 1]);
		expect(
			await kit().post(t.productionUrl, delivered, { 'X-Signature-256': sign(delivered, secret) }),
		).toBe(200);
		const read = JSON.stringify(receipt({ status: 'read' }));
		expect(await kit().post(t.productionUrl, read, { 'X-Signature-256': sign(read, secret) })).toBe(
			200,
		);
		expect(
			kit()
				.deliveries.slice(2)
				.map((d) => d.emitted.map((item) => item.status)),
		).toEqual([[], ['read']]);
		expect(kit().deliveries.flatMap((d) => d.emitted.map((item) => item.status))).toEqual([
			'delivered',
			'read',
		]);
	});
});

describe('replays', () => {
	/** Posts a body signed with the sender's secret; returns the status the receiver answered. */
	const postSigned = async (url: string, secret: string, body: IDataObject | string) => {
		const raw = typeof body === 'string' ? body : JSON.stringify(body);
		return await kit().post(url, raw, { 'X-Signature-256': sign(raw, secret) });
	};
	const outcomes = () => kit().deliveries.map((d) => [d.status, d.emitted.length]);

	// The receipts' timestamps and the trigger's clock are one instant the test moves.
	beforeEach(() => stopDate());
	afterEach(() => jest.useRealTimers());

	it('a signed receipt replayed 10 min 1 s later is refused with 401 and starts nothing', async () => {
		const { t, secret } = await publishedReceipts();
		const raw = JSON.stringify(receipt());
		expect(await postSigned(t.productionUrl, secret, raw)).toBe(200);
		jest.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
		expect(await postSigned(t.productionUrl, secret, raw)).toBe(401);
		expect(outcomes()).toEqual([
			[200, 1],
			[401, 0],
		]);
	});

	it(`refuses receipts more than ${RECEIPT_TOLERANCE_MS / 60_000} minutes old or ahead by their timestamp, or without a zone; accepts each documented shape within`, async () => {
		const { t, secret } = await publishedReceipts();
		const now = Date.now();
		const cases: Array<[string | null, number]> = [
			[isoAt(now - RECEIPT_TOLERANCE_MS - 2_000), 401],
			[isoAt(now + RECEIPT_TOLERANCE_MS + 2_000), 401],
			[new Date(now).toISOString().slice(0, 19), 401],
			[null, 401],
			[isoAt(now - RECEIPT_TOLERANCE_MS + 30_000), 200],
			[new Date(now).toISOString(), 200],
			[isoAt(now).replace('+02:00', '+0200').replace('T', ' '), 200],
		];
		const answers: number[] = [];
		for (const [index, [timestamp]] of cases.entries())
			answers.push(
				await postSigned(
					t.productionUrl,
					secret,
					receipt({ whatsapp_message_id: 880200 + index, timestamp }),
				),
			);
		expect(answers).toEqual(cases.map(([, status]) => status));
		expect(kit().deliveries.flatMap((d) => d.emitted)).toHaveLength(3);
		const refusal = await fetch(t.productionUrl, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'X-Signature-256': sign(JSON.stringify(receipt({ timestamp: cases[0][0] })), secret),
			},
			body: JSON.stringify(receipt({ timestamp: cases[0][0] })),
		});
		expect(await refusal.text()).toMatch(/timestamp .* is more than 5 minutes from now/);
	});

	it('inside the tolerance, a replay is recognised however many other deliveries arrived in between', async () => {
		const { t, secret } = await publishedReceipts();
		const first = JSON.stringify(receipt());
		expect(await postSigned(t.productionUrl, secret, first)).toBe(200);
		// Every in-process claim of this delivery is pushed out by other work of the process ...
		for (let i = 0; i < IN_FLIGHT_MAX_ENTRIES; i++) claimDelivery(`other trigger|${i}`, Date.now());
		// ... and 500 other receipts reach this trigger (handled as n8n does, without the socket).
		for (let id = 0; id < 500; id++) {
			const other = JSON.stringify(receipt({ whatsapp_message_id: 700000 + id }));
			const handled = await kit().deliver(t.productionUrl, other, {
				'X-Signature-256': sign(other, secret),
			});
			expect(handled.status).toBe(200);
		}
		expect(await postSigned(t.productionUrl, secret, first)).toBe(200);
		expect(kit().deliveries.at(-1)?.result.webhookResponse).toEqual({
			received: true,
			duplicate: true,
		});
		expect(kit().deliveries.flatMap((d) => d.emitted)).toHaveLength(501);
	});

	it('a signed receipt without whatsapp_message_id is deduplicated by a digest of its bytes', async () => {
		const { t, secret } = await publishedReceipts();
		const anonymous = JSON.stringify(receipt({ whatsapp_message_id: null }));
		expect(await postSigned(t.productionUrl, secret, anonymous)).toBe(200);
		expect(await postSigned(t.productionUrl, secret, anonymous)).toBe(200);
		expect(
			await postSigned(
				t.productionUrl,
				secret,
				receipt({ whatsapp_message_id: null, status: 'read' }),
			),
		).toBe(200);
		expect(outcomes()).toEqual([
			[200, 1],
			[200, 0],
			[200, 1],
		]);
	});

	it(`with ${DEDUPE_MAX_ENTRIES} deliveries remembered, the next is answered 503 (the service retries it) and handled once there is room`, async () => {
		const { t, secret } = await publishedReceipts();
		const key = `node:${t.node.name}`;
		const remembered = (until: number) =>
			Object.fromEntries(
				Array.from({ length: DEDUPE_MAX_ENTRIES }, (_, i) => [String(i).padStart(32, '0'), until]),
			);
		t.workflow.staticData[key] = { deliveries: remembered(Date.now() + DEDUPE_WINDOW_MS) };
		const raw = JSON.stringify(receipt());
		expect(await postSigned(t.productionUrl, secret, raw)).toBe(503);
		// The window of the others has passed: the service's retry is handled.
		t.workflow.staticData[key] = { deliveries: remembered(Date.now() - 1) };
		expect(await postSigned(t.productionUrl, secret, raw)).toBe(200);
		expect(outcomes()).toEqual([
			[503, 0],
			[200, 1],
		]);
		expect(Object.keys(t.nodeStaticData().deliveries as IDataObject)).toHaveLength(1);
	});
});
