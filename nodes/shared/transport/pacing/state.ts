import { EMPTY_VIEW, type BudgetView } from './budgetView';

/**
 * The pacer's phase: what this process concluded from the service's answers about whom it shares
 * the token with. `step` (step.ts) sets it at each event; `decide` (decide.ts) acts on it.
 */
export type Phase =
	/** No answer has reported a budget yet (a new process, or a service without the headers). */
	| { name: 'unheard' }
	/** The answers count no other client's requests. */
	| { name: 'alone' }
	/** Others are counted, and no burst window is enforced to take turns in. */
	| { name: 'sharing'; clients: number }
	/** Others share the enforced burst window: one request under way, sent at its turn. */
	| { name: 'turns'; clients: number }
	/** Taking turns while its backlog drains, its last requests fit the minute's last numbers. */
	| { name: 'finishing'; clients: number };

/** This process's own requests, kept beside the phase: bookkeeping, not knowledge of the others. */
export interface Own {
	/** Starts of its requests under way (the observer discounts them from the others'). */
	underWay: readonly number[];
	answers: number;
	/** Answers with a budget since the last refusal; undefined before any refusal. */
	countedSinceRefusal?: number;
	startedSinceCount: number;
	lastStart: number;
	/** While its backlog drains (the run's end), its requests left as of its last answer. */
	lastRequests?: number;
}

/** A 429 (refusal.ts): its request goes again no sooner than `until`; the others neither while it `holdsAll`. */
export interface Refusal {
	/** When the refused request started, which names it; when its answer came. */
	startedAt: number;
	at: number;
	until: number;
	holdsAll: boolean;
	/** What the answer asked for, in words (the log). */
	why: string;
}

export interface PacerState {
	phase: Phase;
	/** What the answers showed: the remainder, the reset, the others and the burst window's turn. */
	view: BudgetView;
	own: Own;
	/** The 429s whose wait has not ended (the requests they refused may have given up). */
	refusals: readonly Refusal[];
	/** Refused before its first counted answer: it counts as sharing until its answers count others. */
	refusedUnheardUntil: number;
}

export const INITIAL_STATE: PacerState = {
	phase: { name: 'unheard' },
	view: EMPTY_VIEW,
	own: { underWay: [], answers: 0, startedSinceCount: 0, lastStart: 0 },
	refusals: [],
	refusedUnheardUntil: 0,
};

/** The clients this process shares the token with as counted (1: alone or unknown). */
export const clientsOf = (phase: Phase): number => ('clients' in phase ? phase.clients : 1);

/**
 * The phase the view and the count of clients put this process in; `takesTurns`: an enforced
 * window is the burst window whose numbers the view reads (burstTurn.ts).
 */
export function phaseOf(view: BudgetView, clients: number, own: Own, takesTurns: boolean): Phase {
	if (view.remaining === undefined) return { name: 'unheard' };
	if (clients < 2) return { name: 'alone' };
	const { turn } = view;
	if (!takesTurns || turn === undefined) return { name: 'sharing', clients };
	const left = own.lastRequests;
	if (left !== undefined && left <= (view.limit ?? Infinity) - turn.last)
		return { name: 'finishing', clients };
	return { name: 'turns', clients };
}
