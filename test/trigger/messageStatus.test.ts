/** The WhatsApp Message Status event: read receipts set up in the dashboard, signed with the sender's secret. */
import { createHmac } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { useTriggerKit } from './triggerKit';

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
