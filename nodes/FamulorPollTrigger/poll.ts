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
import { copyState, emptyState, pollPhase, readState, writeState, type WatchState } from './state';

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

/**
 * Polls running in this process, by workflow and node. n8n starts a poll at each poll time even while
 * the last one still reads (a catch-up paced at the account's limit can take minutes); two polls on
 * one state would emit the same events, so a poll that finds one running skips its turn.
 */
const running = new Set<string>();

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
	const lock = `${String(this.getWorkflow().id)}|${this.getNode().id}`;
	if (running.has(lock)) {
		this.logger.info('Famulor polling trigger: the previous poll still runs; this one is skipped');
		return null;
	}
	running.add(lock);
	try {
		const state = phase === 'watch' && stored ? copyState(stored) : emptyState(key);
		return await pollOnce(this, event, filters, state, phase);
	} finally {
		running.delete(lock);
	}
}

async function pollOnce(
	ctx: IPollFunctions,
	event: PollEvent<unknown>,
	filters: unknown,
	state: WatchState,
	phase: 'baseline' | 'watch',
): Promise<INodeExecutionData[][] | null> {
	const outcome = await event.poll(ctx, filters, state, phase);
	if (outcome.failure && outcome.items.length === 0) throw outcome.failure;
	writeState(ctx.getWorkflowStaticData('node'), state);
	if (outcome.failure)
		ctx.logger.warn(
			`Famulor polling trigger: emitted ${outcome.items.length} events, then a request failed; the rest is read next poll: ${outcome.failure.message}`,
		);
	if (outcome.beyondHorizon)
		ctx.logger.warn(
			`Famulor polling trigger: beyond the catch-up horizon: ${outcome.beyondHorizon}`,
		);
	return outcome.items.length > 0 ? [toItems(outcome.items)] : null;
}
