/**
 * The Inbound Call event against a sandbox whose request before pickup carries the call's details
 * (option `inboundRequestCallDetails`: call ID, assistant, time, status and variables beside the two
 * numbers): the item carries them, and a repeated delivery of one call starts nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { byId, useTriggerKit } from './triggerKit';

const INBOUND = SEED.alice.inboundAssistantId; // 101
const CALLER = '+4917612345678';

const kit = useTriggerKit(undefined, ['inboundRequestCallDetails']);

it("outputs the call's details and drops a repeated delivery of the same call", async () => {
	const t = kit().trigger({
		assistantId: byId(INBOUND),
		event: 'inboundCall',
		responseMode: 'lastNode',
	});
	await t.lifecycle('create');
	const arrived = await kit().ctl('POST', '/calls/incoming', {
		assistant_id: INBOUND,
		customer_phone: CALLER,
	});
	const callId = (arrived.call as IDataObject).id as number;
	expect(kit().deliveries.map((d) => d.emitted)).toEqual([
		[
			{
				status: 'incoming',
				customer_phone: CALLER,
				assistant_phone: expect.stringMatching(/^\+/),
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
	const url = `${t.productionUrl}?secret=${String(t.nodeStaticData().webhookSecret)}`;
	expect(await kit().post(url, sent.payload)).toBe(200);
	expect(kit().deliveries.map((d) => d.emitted.length)).toEqual([1, 0]);
});
