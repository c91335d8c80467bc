/**
 * One process's account (accountBudget.ts) while other processes share the token, on jest's fake
 * clock: the X-RateLimit-* headers the service answers with, one request of this process and its
 * turns among the others', and what the pacer decides from the state its requests left it in.
 * `resetSeconds` and `used` are the service's minute as the tests set it; an importer reads them as
 * they are now, and moves them with `startMinute`, `nextMinute` and `minuteResettingAt`.
 */
import {
	AccountBudget,
	type Endpoint,
	type Release,
} from '../../../nodes/shared/transport/pacing/accountBudget';
import { endpointShare } from '../../../nodes/shared/transport/pacing/decide';
import { clientsOf } from '../../../nodes/shared/transport/pacing/state';
import type { RateLimit } from '../../../nodes/shared/transport/credentials';

export const MINUTE = { limit: 100, windowMs: 60_000 };
export const BURST = { limit: 20, windowMs: 10_000 };

export let resetSeconds = 0;
/** The minute's count as the service reports it, across every client of the token (turn). */
export let used = 0;

/**
 * A minute that resets a minute from now with nothing used: each test's, once it is on jest's fake
 * clock (the file installs it, so that test/structure/wallClock.test.ts sees its readings driven).
 */
export function startMinute(): void {
	resetSeconds = Math.ceil(Date.now() / 1000) + 60;
	used = 0;
}

/** The next minute: its reset a minute after this one's, nothing of it used yet. */
export function nextMinute(): void {
	resetSeconds += 60;
	used = 0;
}

/** The minute the service reports as resetting at `seconds` (Unix seconds). */
export function minuteResettingAt(seconds: number): void {
	resetSeconds = seconds;
}

export const headers = (remaining: number) => ({
	'X-RateLimit-Limit': '100',
	'X-RateLimit-Remaining': String(remaining),
	'X-RateLimit-Reset': String(resetSeconds),
});

/** Lets the clock run until `acquiring` is granted; returns the release and when it was granted. */
export async function granted<T>(acquiring: Promise<T>): Promise<{ value: T; at: number }> {
	let result: { value: T; at: number } | undefined;
	void acquiring.then((value) => (result = { value, at: Date.now() }));
	while (result === undefined) await jest.advanceTimersByTimeAsync(50);
	return result;
}

/** One request of this process, answered at once with the account's count after it. */
export async function answered(budget: AccountBudget, remaining: number): Promise<void> {
	// A shared token's requests are spaced: let the clock run until this one may start.
	const { value: release } = await granted(acquire(budget));
	release(headers(remaining), 200);
}

/**
 * A request of one attempt: it enters the account (request.ts, until it is done), waits there for
 * its attempt's slot (send.ts acquires one per attempt), and leaves with its answer.
 */
export async function acquire(budget: AccountBudget, endpoint?: Endpoint): Promise<Release> {
	const passage = budget.enter();
	const release = await passage.acquire(endpoint);
	return (...answer) => {
		release(...answer);
		passage.leave();
	};
}

/**
 * What the pacer decides now from the state its requests left it in (step.ts): how many clients it
 * takes the token to be shared by (state.ts) and how much of an endpoint's own limit it spends
 * (decide.ts). The state is private to the account; a test reads it here and nowhere else.
 */
const pacerState = (budget: AccountBudget) => budget['state'];
export const clientsSharing = (budget: AccountBudget) => clientsOf(pacerState(budget).phase);
export const endpointLimit = (budget: AccountBudget, limit: RateLimit) =>
	endpointShare(pacerState(budget), budget['frame'].shape, Date.now(), limit);

/** The account as production builds it (pacing.ts's accountFor): the windows it reads, enforced. */
export const enforced = () => new AccountBudget([MINUTE, BURST]);

/** One request of this process, `others` of the other clients' counted before it, answered at once; its number and start. */
export async function turn(
	budget: AccountBudget,
	others: number,
): Promise<{ number: number; at: number }> {
	const { value: release, at } = await granted(acquire(budget));
	used += others + 1;
	release(headers(100 - used), 200);
	return { number: used, at };
}

/** This process as one of four clients taking turns (three of the others' between its own), until `downTo` or fewer are left. */
export async function oneOfFourTurns(budget: AccountBudget, downTo: number) {
	const sent = [await turn(budget, 0)];
	while (100 - used > downTo) sent.push(await turn(budget, 3));
	return sent;
}
