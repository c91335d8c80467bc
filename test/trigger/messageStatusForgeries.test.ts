/**
 * The WhatsApp Message Status event refuses forged receipts, keeps their data out of the item, and
 * emits a duplicate once.
 */
import { receipt, sign, useMessageStatusKit } from './messageStatusKit';

const { kit, publishedReceipts } = useMessageStatusKit();

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
