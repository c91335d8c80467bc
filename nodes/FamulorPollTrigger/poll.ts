/**
 * One poll of the polling trigger: Fetch Test Event samples the latest real event; the first poll for
 * an event and its filters remembers the present and emits nothing (n8n's convention); every later
 * poll emits what changed since, once. The state is changed on a copy and stored when the poll
 * returns, so what is remembered moves only with what is emitted.
 */
import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';

import { callEnded } from './events/calls';
import { documentProcessed } from './events/documents';
import { leadStatusChanged, newLead } from './events/leads';
import { newChatMessage, newWhatsAppMessage } from './events/messages';
import type { PollEvent } from './events/types';
import { copyState, emptyState, pollPhase, readState, writeState } from './state';

export const POLL_EVENTS = {
	newWhatsAppMessage,
	newChatMessage,
	callEnded,
	newLead,
	leadStatusChanged,
	documentProcessed,
} as const;

export type PollEventName = keyof typeof POLL_EVENTS;

const toItems = (records: IDataObject[]): INodeExecutionData[] => records.map((json) => ({ json }));

export async function pollFamulor(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const name = this.getNodeParameter('event') as PollEventName;
	const event = POLL_EVENTS[name] as PollEvent<unknown>;
	if (!event)
		throw new NodeOperationError(this.getNode(), `Event: unknown event "${String(name)}"`);
	const filters = event.readFilters(this);
	// Other filters watch other records: the state starts over (quiet) for them.
	const key = JSON.stringify([name, filters]);
	const staticData = this.getWorkflowStaticData('node');
	const stored = readState(staticData);
	const phase = pollPhase(this.getMode() === 'manual', stored, key);
	if (phase === 'sample') {
		const sample = await event.sample(this, filters);
		if (!sample) throw new NodeOperationError(this.getNode(), event.noneYet);
		return [toItems([sample])];
	}
	const state = phase === 'watch' && stored ? copyState(stored) : emptyState(key);
	const outcome = await event.poll(this, filters, state, phase);
	if (outcome.failure && outcome.items.length === 0) throw outcome.failure;
	writeState(staticData, state);
	if (outcome.failure)
		this.logger.warn(
			`Famulor polling trigger: emitted ${outcome.items.length} events, then a request failed; the rest is read next poll: ${outcome.failure.message}`,
		);
	if (outcome.beyondHorizon)
		this.logger.warn(
			`Famulor polling trigger: beyond the catch-up horizon: ${outcome.beyondHorizon}`,
		);
	return outcome.items.length > 0 ? [toItems(outcome.items)] : null;
}
