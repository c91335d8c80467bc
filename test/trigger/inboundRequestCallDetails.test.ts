/**
 * The Inbound Call event against a sandbox whose request before pickup carries the call's details
 * (option `inboundRequestCallDetails`: call ID, assistant, time, status and variables beside the two
 * numbers): the item carries them, and a repeated delivery of one call starts nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	ARRIVING_CALL_ITEM,
	INBOUND,
	incomingCall,
	publishedInboundTrigger,
} from './inboundCallKit';
import { useTriggerKit } from './triggerKit';

const kit = useTriggerKit(undefined, ['inboundRequestCallDetails']);

it("outputs the call's details and drops a repeated delivery of the same call", async () => {
	const t = await publishedInboundTrigger(kit());
	const arrived = await incomingCall(kit());
	const callId = (arrived.call as IDataObject).id as number;
	expect(kit().deliveries.map((d) => d.emitted)).toEqual([
		[
			{
				...ARRIVING_CALL_ITEM,
				call_id: callId,
				assistant_id: INBOUND,
				timestamp: expect.any(String),
				variables: {},
			},
		],
	]);

	const log = (await kit().ctl('GET', `/webhooks?callId=${callId}&kind=inbound`)) as Array<{
		payload: IDataObject;
	}>;
	const sent = log[0];
	const url = t.signedUrl();
	expect(await kit().post(url, sent.payload)).toBe(200);
	expect(kit().deliveries.map((d) => d.emitted.length)).toEqual([1, 0]);
});
