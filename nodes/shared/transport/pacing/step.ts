import type { IDataObject } from 'n8n-workflow';

import { burstOf, observe, resetAtOf, type Shape } from './budgetView';
import { filled, retriedInto } from './burstTurn';
import { refusalOf } from './refusal';
import { clientsOf, phaseOf, type Own, type PacerState, type Refusal } from './state';

/**
 * What happens to the pacer: a request starts, an answer arrives (a 429's among them: the one way a
 * refusal comes in), a refused request leaves without its retry.
 */
export type PacerEvent =
	| { kind: 'start' }
	| {
			kind: 'answer';
			/** When the answered request started (it leaves the requests under way). */
			startedAt: number;
			headers?: IDataObject;
			status?: number;
			/** Paced by an endpoint's period: since its last answer it waited only for that (burstTurn.ts). */
			periodic?: boolean;
			/** While the backlog drains (the run's end), the requests left besides this one. */
			lastRequests?: number;
			/** A 429's body, which may name its wait (`retry_after`); its request's 429s before it. */
			body?: unknown;
			refusedBefore?: number;
	  }
	| { kind: 'left'; startedAt: number };

/** The pacer's fixed frame: the windows' shape, and whether it enforces the burst window. */
export interface Frame {
	shape: Shape;
	takesTurns: boolean;
}

/** The next state after `event` at `now`: the one transition of the pacer, pure. */
export function step(state: PacerState, event: PacerEvent, now: number, frame: Frame): PacerState {
	switch (event.kind) {
		case 'start': {
			const { own } = state;
			const startedSinceCount = own.startedSinceCount + 1;
			const underWay = [...own.underWay, now];
			const next = { ...own, startedSinceCount, lastStart: now, underWay };
			return { ...state, own: next };
		}
		case 'answer': {
			const next = answered(state, event, now, frame);
			const refusals = next.refusals.filter((refusal) => refusal.until > now);
			if (event.status === 429) refusals.push(refusalOf(next, event, now, frame.shape));
			return { ...next, refusals };
		}
		case 'left': {
			// Its own wait ends with it (one that holds all still holds the others).
			const { startedAt } = event;
			const mine = (r: Refusal) => !r.holdsAll && r.startedAt === startedAt;
			return { ...state, refusals: state.refusals.filter((refusal) => !mine(refusal)) };
		}
	}
}

type Answered = Extract<PacerEvent, { kind: 'answer' }>;

/**
 * Headers reach the observer once per answer; an answer that counted the others sets the count of
 * clients, and the phase follows.
 */
function answered(state: PacerState, a: Answered, now: number, frame: Frame): PacerState {
	const { shape } = frame;
	const underWay = [...state.own.underWay];
	underWay.splice(underWay.indexOf(a.startedAt), 1);
	let own: Own = { ...state.own, underWay };
	own.answers++;
	let { view, refusedUnheardUntil } = state;
	let clients = clientsOf(state.phase);
	const settled = () => {
		const phase = phaseOf(view, clients, own, frame.takesTurns);
		return { ...state, phase, view, own, refusedUnheardUntil };
	};
	const { startedAt } = a;
	const answer = { ...a, now, underWay, priorClients: clients };
	const observation = observe(view, answer, shape);
	if (observation.kind === 'none') return settled();
	if (observation.kind === 'refused') {
		// Its place in the share is given back for the retry, or the minute's last slot goes to nobody.
		if (startedAt >= view.lastHeard && own.startedSinceCount > 0) own.startedSinceCount--;
		own.countedSinceRefusal = 0;
		if (view.remaining === undefined) refusedUnheardUntil = Infinity;
		view = observation.view;
		// A refusal proves its burst window full, and the others there: it waits for the next turn.
		if (view.turn) {
			view = { ...view, turn: filled(view.turn, burstOf(shape)) };
			clients = Math.max(2, clients);
		}
		return settled();
	}
	const retried = own.countedSinceRefusal === 0;
	if (own.countedSinceRefusal !== undefined) own.countedSinceRefusal++;
	const refused = view.turn;
	view = observation.view;
	if (retried && view.turn)
		view = { ...view, turn: retriedInto(view.turn, burstOf(shape), refused, startedAt) };
	// The answered request leaves the backlog once its caller is done with it.
	own = { ...own, startedSinceCount: 0, lastRequests: a.lastRequests };
	const counted = observation.clients;
	if (counted === undefined) return settled();
	clients = clientsAfter(counted, now < refusedUnheardUntil);
	// Until its answers count the others, or the minute window it first counted in ends.
	refusedUnheardUntil = counted >= 2 ? 0 : Math.min(refusedUnheardUntil, resetAtOf(view));
	return settled();
}

/**
 * The clients an answer leaves this process sharing with: `counted`, at least 2 while refused
 * before its first counted answer (the refusal proved another).
 */
export const clientsAfter = (counted: number, refusedUnheard: boolean) =>
	refusedUnheard ? Math.max(2, counted) : counted;
