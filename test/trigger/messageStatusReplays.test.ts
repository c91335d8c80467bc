/**
 * The WhatsApp Message Status event refuses a replayed receipt by its timestamp and recognises one
 * within the tolerance, whatever arrived between.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	DEDUPE_MAX_ENTRIES,
	DEDUPE_WINDOW_MS,
	RECEIPT_TOLERANCE_MS,
} from '../../nodes/FamulorTrigger/dedupe';
import { claimDelivery, IN_FLIGHT_MAX_ENTRIES } from '../../nodes/FamulorTrigger/inFlight';
import { isoAt, receipt, sign, useMessageStatusKit } from './messageStatusKit';
import { stopDate } from '../helpers/realTimers';

const { kit, publishedReceipts } = useMessageStatusKit();

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
