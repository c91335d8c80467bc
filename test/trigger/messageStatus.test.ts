/** The WhatsApp Message Status event: read receipts set up in the dashboard, signed with the sender's secret. */
import { SENDER, useMessageStatusKit } from './messageStatusKit';

const { kit, publishedReceipts } = useMessageStatusKit();

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
