/**
 * The Inbound Call event against a sandbox whose inbound webhook reports completed calls (the API
 * reference's reading, option `inboundCallCompletedReport`): nothing runs when the call arrives, one
 * execution when it ends, with the finished call as the post-call payload's fields.
 */
import type { IDataObject } from 'n8n-workflow';

import { CALLER, incomingCall, publishedInboundTrigger } from './inboundCallKit';
import { useTriggerKit } from './triggerKit';

const kit = useTriggerKit(undefined, ['inboundCallCompletedReport']);

it('one execution per inbound call, when it ends, output as a finished call', async () => {
	await publishedInboundTrigger(kit());
	const arrived = await incomingCall(kit());
	expect(arrived.inbound_request).toBeNull();
	expect(kit().deliveries).toEqual([]);

	const callId = (arrived.call as IDataObject).id as number;
	await kit().ctl('POST', `/calls/${callId}/end`, { status: 'completed', duration: 42 });
	expect(kit().deliveries.map((d) => d.emitted)).toEqual([
		[
			expect.objectContaining({
				id: callId,
				status: 'completed',
				customer_phone: CALLER,
				duration: 42,
				transcript: expect.stringContaining('Customer:'),
			}),
		],
	]);
});
