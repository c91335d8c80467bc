/** The Message Status suites' sender, signature and receipt, and the trigger they publish. */
import { createHmac } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { useTriggerKit } from './triggerKit';

export const SENDER = 71;

export const sign = (raw: string, secret: string) =>
	`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** Now as the service writes it: ISO 8601 with an offset, in the owner's time zone (here +02:00). */
export const isoAt = (ms: number) =>
	new Date(ms + 2 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+02:00');

export const receipt = (over: IDataObject = {}) => ({
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

/** Registers a suite's trigger kit; returns it with the read-receipt trigger its tests publish. */
export function useMessageStatusKit() {
	const kit = useTriggerKit();

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
	return { kit, publishedReceipts };
}
