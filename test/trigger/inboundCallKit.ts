/** The Inbound Call suites' assistant and caller, and the two steps each of their tests starts with. */
import type { IDataObject } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { listeningTo, type TriggerKit } from './triggerKit';
import type { TriggerUnderTest } from './triggerUnderTest';

export const INBOUND = SEED.alice.inboundAssistantId; // 101
export const CALLER = '+4917612345678';

/** The item an arriving call's request starts an execution with: the two numbers, status incoming. */
export const ARRIVING_CALL_ITEM = {
	status: 'incoming',
	customer_phone: CALLER,
	assistant_phone: expect.stringMatching(/^\+/),
};

/**
 * A published trigger for `event` of the inbound assistant, answering the call when the workflow's
 * last node finishes; at the kit's default node version unless `typeVersion` is given.
 */
export async function publishedInboundTrigger(
	kit: TriggerKit,
	options: { typeVersion?: number; event?: string } = {},
): Promise<TriggerUnderTest> {
	const t = kit.trigger(
		listeningTo(INBOUND, options.event ?? 'inboundCall', { responseMode: 'lastNode' }),
		{ typeVersion: options.typeVersion },
	);
	await t.lifecycle('create');
	return t;
}

/** A call from CALLER arrives at the inbound assistant (sandbox control); returns the control's answer. */
export async function incomingCall(kit: TriggerKit): Promise<IDataObject> {
	return (await kit.ctl('POST', '/calls/incoming', {
		assistant_id: INBOUND,
		customer_phone: CALLER,
	})) as IDataObject;
}
