/**
 * How one process reads the account's X-RateLimit-* headers when other processes share the token
 * (accountBudget.ts): built as production builds it (the windows enforced), it takes turns in the
 * shared burst windows by the numbers the service reports (burstTurn.ts), waits for the reset and
 * resumes at the turn after it; how much of an endpoint's own limit it spends while it learns whether
 * others are there, and how a request queued before it knew of them leaves.
 */
import {
	AccountBudget,
	type Endpoint,
	type Release,
} from '../../../nodes/shared/transport/pacing/accountBudget';
import { accountFor } from '../../../nodes/shared/transport/pacing/pacing';
import { endpointShare } from '../../../nodes/shared/transport/pacing/decide';
import { clientsOf } from '../../../nodes/shared/transport/pacing/state';
import type { RateLimit } from '../../../nodes/shared/transport/credentials';

const MINUTE = { limit: 100, windowMs: 60_000 };
const BURST = { limit: 20, windowMs: 10_000 };
const FREEFORM = { limit: 5, windowMs: 1_000 };

let resetSeconds = 0;
/** The minute's count as the service reports it, across every client of the token (turn). */
let used = 0;

beforeEach(() => {
	jest.useFakeTimers({ now: 1_800_000_000_000 });
	resetSeconds = Math.ceil(Date.now() / 1000) + 60;
	used = 0;
});
afterEach(() => {
	jest.useRealTimers();
});

const headers = (remaining: number) => ({
	'X-RateLimit-Limit': '100',
	'X-RateLimit-Remaining': String(remaining),
	'X-RateLimit-Reset': String(resetSeconds),
});

/** Lets the clock run until `acquiring` is granted; returns the release and when it was granted. */
async function granted<T>(acquiring: Promise<T>): Promise<{ value: T; at: number }> {
	let result: { value: T; at: number } | undefined;
	void acquiring.then((value) => (result = { value, at: Date.now() }));
	while (result === undefined) await jest.advanceTimersByTimeAsync(50);
	return result;
}

/** One request of this process, answered at once with the account's count after it. */
async function answered(budget: AccountBudget, remaining: number): Promise<void> {
	// A shared token's requests are spaced: let the clock run until this one may start.
	const { value: release } = await granted(acquire(budget));
	release(headers(remaining), 200);
}

/** How long after the request just answered (answered at once) the next one of this process starts. */
async function untilNextStart(budget: AccountBudget): Promise<number> {
	const lastStart = Date.now();
	const { at } = await granted(acquire(budget));
	return at - lastStart;
}

/**
 * A request of one attempt: it enters the account (request.ts, until it is done), waits there for
 * its attempt's slot (send.ts acquires one per attempt), and leaves with its answer.
 */
async function acquire(budget: AccountBudget, endpoint?: Endpoint): Promise<Release> {
	const passage = budget.enter();
	const release = await passage.acquire(endpoint);
	return (...answer) => {
		release(...answer);
		passage.leave();
	};
}

/**
 * This process as one of four clients taking turns at the account's full pace, until `downTo` or
 * fewer are left; returns how many.
 */
async function oneOfFour(budget: AccountBudget, downTo: number): Promise<number> {
	await answered(budget, 99);
	await answered(budget, 95);
	let remaining = 95;
	while (remaining > downTo) {
		remaining -= 4;
		await answered(budget, remaining);
	}
	return remaining;
}

/**
 * What the pacer decides now from the state its requests left it in (step.ts): how many clients it
 * takes the token to be shared by (state.ts) and how much of an endpoint's own limit it spends
 * (decide.ts). The state is private to the account; a test reads it here and nowhere else.
 */
const pacerState = (budget: AccountBudget) => budget['state'];
const clientsSharing = (budget: AccountBudget) => clientsOf(pacerState(budget).phase);
const endpointLimit = (budget: AccountBudget, limit: RateLimit) =>
	endpointShare(pacerState(budget), budget['frame'].shape, Date.now(), limit);

/** The account as production builds it (pacing.ts's accountFor): the windows it reads, enforced. */
const enforced = () => new AccountBudget([MINUTE, BURST]);

/** One request of this process, `others` of the other clients' counted before it, answered at once; its number and start. */
async function turn(
	budget: AccountBudget,
	others: number,
): Promise<{ number: number; at: number }> {
	const { value: release, at } = await granted(acquire(budget));
	used += others + 1;
	release(headers(100 - used), 200);
	return { number: used, at };
}

/** This process as one of four clients taking turns (three of the others' between its own), until `downTo` or fewer are left. */
async function oneOfFourTurns(budget: AccountBudget, downTo: number) {
	const sent = [await turn(budget, 0)];
	while (100 - used > downTo) sent.push(await turn(budget, 3));
	return sent;
}

/**
 * The run's end: a worker holding six executions, one of four clients taking turns, of which `ended`
 * end (the queue is empty) before its answer that leaves 3 of the minute: its backlog drains.
 */
async function runsOutHolding(budget: AccountBudget, ended: number) {
	// Five wait while one is sent (request.ts counts each from asking to be sent until done).
	const held = Array.from({ length: 5 }, () => budget.enter());
	await oneOfFourTurns(budget, 7);
	held.splice(0, ended).forEach((passage) => passage.leave());
	await turn(budget, 3);
	return held;
}

/** The burst window (20 numbers each, back to back from the minute's first) a number falls in, and the turn (one burst window and a 50 ms margin apart from the minute's opening) a start does. */
const windowOfNumber = (number: number) => Math.floor((number - 1) / BURST.limit);
const windowOfStart = (at: number) =>
	Math.floor((at - (resetSeconds * 1000 - MINUTE.windowMs)) / (BURST.windowMs + 50));

describe('after the window ran out', () => {
	it("takes turns, never sending past a burst window's numbers, and resumes at the first turn after the reset", async () => {
		const budget = enforced();
		const sent = await oneOfFourTurns(budget, 3);
		expect(clientsSharing(budget)).toBe(4);
		for (const { number, at } of sent) expect(windowOfStart(at)).toBe(windowOfNumber(number));
		// 3 left, a round of four: the next would be number 101. It waits for the reset, and then for
		// the first burst turn after it (the clients that waited send together there), not the reset.
		const { at } = await granted(acquire(budget));
		expect(at).toBeGreaterThanOrEqual(resetSeconds * 1000 + 300);
		expect(at).toBeLessThan(resetSeconds * 1000 + 350);
	});

	it('keeps sharing in the new minute: its numbers go on from the last minute and it takes turns there', async () => {
		const budget = enforced();
		await oneOfFourTurns(budget, 3);
		const lastMinute = resetSeconds;
		resetSeconds += 60;
		used = 0;
		// The first turn after the reset, then the burst window the others share with it.
		const sent = [await turn(budget, 0)];
		for (let i = 0; i < 5; i++) sent.push(await turn(budget, 3));
		expect(clientsSharing(budget)).toBeGreaterThanOrEqual(2);
		// 5 of its own in the window (numbers 1 to 17), the sixth at the next turn (21), not at once.
		const opened = lastMinute * 1000 + 300;
		expect(sent.slice(0, 5).every(({ at }) => at < opened + BURST.windowMs)).toBe(true);
		expect(sent[5].at).toBeGreaterThanOrEqual(opened + BURST.windowMs);
	});
});

describe('after a while without work', () => {
	it('still shares, and waits for the next turn where the others filled its burst window meanwhile', async () => {
		const budget = enforced();
		await oneOfFourTurns(budget, 100 - 25);
		// 25 used, in the second burst window (21 to 40); 8 s without work while the others sent 12.
		await jest.advanceTimersByTimeAsync(8_000);
		const { number } = await turn(budget, 12);
		expect(number).toBe(38);
		expect(clientsSharing(budget)).toBeGreaterThanOrEqual(2);
		// Its next number would be 42, past the window: it leaves at the third window's turn.
		const { at } = await granted(acquire(budget));
		const thirdTurn = resetSeconds * 1000 - MINUTE.windowMs + 2 * (BURST.windowMs + 50);
		expect(at).toBeGreaterThanOrEqual(thirdTurn);
		expect(at).toBeLessThan(thirdTurn + 50);
	});
});

describe('when the others stop', () => {
	it("is alone again in a burst window once their requests stop showing: it spends the window's numbers, and no more", async () => {
		const budget = enforced();
		await turn(budget, 0);
		for (let i = 0; i < 8; i++) await turn(budget, 3);
		// 33 used; from now on none of the others' between its own.
		const sent: { number: number; at: number }[] = [];
		for (let i = 0; i < 30; i++) sent.push(await turn(budget, 0));
		// The third burst window (41 to 60, and what the second left) all its own, within its turn.
		const third = sent.filter(({ at }) => windowOfStart(at) === 2);
		expect(third.length).toBeGreaterThanOrEqual(BURST.limit);
		for (const { number, at } of sent)
			expect(windowOfNumber(number)).toBeLessThanOrEqual(windowOfStart(at));
		expect(third).toHaveLength(BURST.limit);
	});
});

describe('when the others leave', () => {
	it('follows the count down as fewer of their requests show between its own', async () => {
		const budget = enforced();
		await turn(budget, 0);
		for (let i = 0; i < 4; i++) await turn(budget, 11);
		expect(clientsSharing(budget)).toBeGreaterThanOrEqual(10);
		for (let i = 0; i < 6; i++) await turn(budget, 1);
		expect(clientsSharing(budget)).toBeLessThanOrEqual(3);
	});
});

describe('while the account waits for its reset', () => {
	it('sends nothing more when the others took the rest, however long it waits, and resumes at the turn after the reset', async () => {
		const budget = enforced();
		await turn(budget, 0);
		await jest.advanceTimersByTimeAsync(1_000);
		await turn(budget, 8); // 10 used: 8 of them the others'
		await jest.advanceTimersByTimeAsync(1_000);
		await turn(budget, 89); // the rest of the window is gone
		const waiting = acquire(budget);
		let startedAt: number | undefined;
		void waiting.then(() => (startedAt = Date.now()));
		await jest.advanceTimersByTimeAsync(30_000);
		expect(startedAt).toBeUndefined();
		await granted(waiting);
		expect(startedAt).toBeGreaterThanOrEqual(resetSeconds * 1000 + 300);
		expect(startedAt).toBeLessThan(resetSeconds * 1000 + 350);
	});
});
describe("an endpoint's own limit while a process learns whether it shares the token", () => {
	it('is half until an answer to a request started one endpoint window after the first answer', async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		expect(endpointLimit(budget, FREEFORM)).toBe(2); // nothing heard yet
		await answered(budget, 99);
		expect(endpointLimit(budget, FREEFORM)).toBe(2);
		await jest.advanceTimersByTimeAsync(FREEFORM.windowMs);
		expect(endpointLimit(budget, FREEFORM)).toBe(2); // no answer yet to a request started since
		await answered(budget, 98);
		expect(endpointLimit(budget, FREEFORM)).toBe(4); // alone, but a client may still join: see below
		await jest.advanceTimersByTimeAsync(BURST.windowMs);
		expect(endpointLimit(budget, FREEFORM)).toBe(5); // alone: the whole limit
	});

	it('keeps one slot free for a client that starts a little later, for the rest of the first burst window', async () => {
		// That client's first request cannot know the endpoint's window is full, and the endpoint's 429
		// takes a slot of the account's minute: 200 sends would spill into a third minute.
		const budget = new AccountBudget([MINUTE, BURST]);
		await answered(budget, 99);
		await jest.advanceTimersByTimeAsync(FREEFORM.windowMs);
		await answered(budget, 98);
		expect(endpointLimit(budget, FREEFORM)).toBe(FREEFORM.limit - 1);
		await jest.advanceTimersByTimeAsync(BURST.windowMs - 2 * FREEFORM.windowMs);
		expect(endpointLimit(budget, FREEFORM)).toBe(FREEFORM.limit - 1);
		await jest.advanceTimersByTimeAsync(FREEFORM.windowMs);
		expect(endpointLimit(budget, FREEFORM)).toBe(FREEFORM.limit);
	});

	it('is the part of the clients once others are known, 1 while their count is new', async () => {
		// Four processes starting within a second, each spending two of free-form's five, met its 429.
		const shared = new AccountBudget([MINUTE, BURST]);
		await answered(shared, 95); // 5 used, 1 of them this process's: others are there
		expect(clientsSharing(shared)).toBeGreaterThan(1);
		expect(endpointLimit(shared, FREEFORM)).toBe(1);
		// One of four for longer than a burst window: its part of five is one, of ten two.
		const started = Date.now();
		for (let remaining = 91; Date.now() - started < BURST.windowMs; remaining -= 4)
			await answered(shared, remaining);
		expect(clientsSharing(shared)).toBe(4);
		expect(endpointLimit(shared, FREEFORM)).toBe(1);
		expect(endpointLimit(shared, { limit: 10, windowMs: 1_000 })).toBe(2);
	});

	it('is the whole limit from the first answer without headers', async () => {
		const unreported = new AccountBudget([MINUTE, BURST]);
		expect(endpointLimit(unreported, FREEFORM)).toBe(2);
		const release = await acquire(unreported);
		release({}, 200);
		expect(endpointLimit(unreported, FREEFORM)).toBe(5);
	});
});

describe('a request queued before the process knew of the others', () => {
	it('leaves only when the burst window has room for it, counting the others the last answer revealed', async () => {
		const account = accountFor('departure-test', [MINUTE, BURST]);
		const first = await granted(acquire(account));
		// The second takes its places in the windows while the process still seems alone, then waits
		// at the account for the first answer.
		const second = granted(acquire(account));
		await jest.advanceTimersByTimeAsync(100);
		// 20 used: 19 of them other clients', so the burst window (20 per 10 s) is full.
		const answeredAt = Date.now();
		first.value(headers(80), 200);
		const { at } = await second;
		expect(at - answeredAt).toBeGreaterThanOrEqual(BURST.windowMs);
		expect(at - answeredAt).toBeLessThan(BURST.windowMs + 500);
	});
});

describe('the window the service reports', () => {
	it('counts as the service does until its reset: a request the service never counted holds no slot', async () => {
		const account = accountFor('reported-window-test', [MINUTE]);
		// Lost on the way (no answer): the minute window holds its slot for a minute, the service never counted it.
		(await granted(acquire(account))).value();
		for (let used = 1; used <= 99; used++)
			(await granted(acquire(account))).value(headers(100 - used), 200);
		// 99 used, 1 left, while the window's own count is 100.
		const before = Date.now();
		const { at, value: last } = await granted(acquire(account));
		expect(at - before).toBeLessThan(1_000);
		last(headers(0), 200);
		// None left: the next waits for the reported reset.
		const { at: next } = await granted(acquire(account));
		expect(next).toBeGreaterThanOrEqual(resetSeconds * 1000);
	});
});

describe('when the others stop', () => {
	it("tries the minute's last numbers once its backlog drains and its last requests fit them, not waiting for the reset", async () => {
		const budget = enforced();
		// The run's end: it holds six executions, four end and the queue is empty.
		await runsOutHolding(budget, 4);
		// 3 left, a round of four: its one request left fits them (the others may be done too).
		expect(100 - used).toBe(3);
		const { at } = await granted(acquire(budget));
		expect(at).toBeLessThan(resetSeconds * 1000);
	});

	it("leaves the minute's last numbers to the round while its backlog is whole", async () => {
		// Mid-run the others' requests are as many as its own: the minute's last numbers are theirs too.
		const budget = enforced();
		Array.from({ length: 6 }, () => budget.enter());
		await oneOfFourTurns(budget, 3);
		const { at } = await granted(acquire(budget));
		expect(at).toBeGreaterThanOrEqual(resetSeconds * 1000);
	});

	it('spends the remainder as the windows allow, its backlog whole, once their silence outlasts a burst-window 429', async () => {
		// Custom Rate Limits with the burst window off: no turns, a share of the remainder (rule 11).
		const budget = new AccountBudget([MINUTE]);
		Array.from({ length: 6 }, () => budget.enter());
		let remaining = await oneOfFour(budget, 60);
		const lastRevealed = Date.now();
		// Spaced as one of two while their silence may still be a 429's wait (a window and a second).
		while (Date.now() - lastRevealed <= BURST.windowMs + 1_000 + 2 * 525)
			await answered(budget, --remaining);
		expect(clientsSharing(budget)).toBe(2);
		// The next five go as the windows allow: granted within 500 ms on the fake clock, not spaced.
		const started = Date.now();
		let lastGrant = started;
		for (let n = 0; n < 5; n++) lastGrant = (await granted(acquire(budget))).at;
		expect(lastGrant - started).toBeLessThan(500);
	});

	it("leaves the minute's last numbers to the round when its backlog drains but holds more than they are", async () => {
		const budget = enforced();
		// It holds six executions; the queue is empty once one of them ends: five left, 3 numbers.
		await runsOutHolding(budget, 1);
		const { at } = await granted(acquire(budget));
		expect(at).toBeGreaterThanOrEqual(resetSeconds * 1000);
	});

	it("keeps to its share when the others slow down at a minute's end while its backlog is whole", async () => {
		// Near a minute's end the others slow because their shares are spent, not their work: a
		// request sent on that sign meets the full minute. The burst window off: a share, no turns.
		const budget = new AccountBudget([MINUTE]);
		Array.from({ length: 6 }, () => budget.enter());
		const remaining = await oneOfFour(budget, 8);
		await answered(budget, remaining - 2);
		// 5 left: a quarter is one, and no more before the reset.
		await granted(acquire(budget));
		const { at } = await granted(acquire(budget));
		expect(at).toBeGreaterThanOrEqual(resetSeconds * 1000);
	});

	it("tries the minute's last numbers one at a time once its backlog drains", async () => {
		const budget = enforced();
		await runsOutHolding(budget, 4);
		const first = await granted(acquire(budget));
		expect(first.at).toBeLessThan(resetSeconds * 1000);
		// Its second waits for the first one's answer, however long that takes.
		const next = acquire(budget);
		let startedAt: number | undefined;
		void next.then(() => (startedAt = Date.now()));
		await jest.advanceTimersByTimeAsync(5_000);
		expect(startedAt).toBeUndefined();
	});

	it('looks again when its own answer arrives, not sleeping out a wait decided while that was under way', async () => {
		const budget = enforced();
		// Its last two: one sent, the other (the execution it still holds) waiting.
		const [waiting] = await runsOutHolding(budget, 4);
		const { value: release } = await granted(acquire(budget));
		const next = waiting.acquire();
		await jest.advanceTimersByTimeAsync(1_000);
		const answeredAt = Date.now();
		release(headers(2), 200);
		const { at } = await granted(next);
		expect(at - answeredAt).toBeLessThanOrEqual(50);
		expect(at).toBeLessThan(resetSeconds * 1000);
	});

	it("keeps to its share at the window's end while the others keep their pace", async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		const remaining = await oneOfFour(budget, 4);
		// 3 left after this one's answer, the others sending as before: a quarter of 3 is none.
		expect(remaining).toBe(3);
		const { at } = await granted(acquire(budget));
		expect(at).toBeGreaterThanOrEqual(resetSeconds * 1000);
	});
});

describe('after refusals while another client burst alone', () => {
	it("is not held by the others' requests its first answer reveals: they were counted before the refusals", async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		const start = Date.now();
		// Each burst window full of another client's requests: two refusals, each waited out until
		// the end of the window that refused it (its reset, sooner than the whole seconds asked for).
		for (const windowEnd of [10, 20]) {
			const { value: release } = await granted(acquire(budget));
			const retryAfter = Math.ceil((start + windowEnd * 1000 - Date.now()) / 1000);
			const reset = String(start / 1000 + windowEnd);
			release(
				{ ...headers(0), 'X-RateLimit-Reset': reset, 'Retry-After': String(retryAfter) },
				429,
			);
		}
		// Then counted: 41 used, 40 of them the other's in the two windows that refused it.
		resetSeconds = start / 1000 + 60;
		await answered(budget, 59);
		expect(Date.now() - start).toBeGreaterThanOrEqual(20_000);
		// Spaced as one of two, not held for a burst window by 40 requests stamped now.
		expect(await untilNextStart(budget)).toBeLessThan(2 * 525 + 100);
	});
});

describe("the minute's remainder", () => {
	it('gets back the place of a request the account refused, for its retry', async () => {
		// The burst window off (Custom Rate Limits): it spends a share of the remainder, no turns.
		const budget = new AccountBudget([MINUTE]);
		const remaining = await oneOfFour(budget, 8);
		// 7 left: a quarter is one, and the burst window refuses it (the account does not count it).
		expect(remaining).toBe(7);
		const { value: release } = await granted(acquire(budget));
		release(headers(0), 429);
		// Its retry is still this one's quarter: it goes before the reset, not after.
		const { at } = await granted(acquire(budget));
		expect(at).toBeLessThan(resetSeconds * 1000);
	});

	it("is taken by the rounds measured in its burst window, not by the whole minute's", async () => {
		const budget = enforced();
		// Most of the minute with one other client, then its last rounds with three.
		await turn(budget, 0);
		while (used < 69) await turn(budget, 1);
		while (used < 97) await turn(budget, 3);
		// 3 left: its next number one round of four on is past the minute; one of two rounds ago would fit.
		const { at } = await granted(acquire(budget));
		expect(at).toBeGreaterThanOrEqual(resetSeconds * 1000);
	});
});

describe("an endpoint whose window outlasts the burst window (generate-reply's minute), alone", () => {
	it('is spent whole from the first request: after a restart the third reply does not wait a minute', async () => {
		// Each restart of npm start made the third AI reply wait exactly 60 s: half while learning, and
		// a slot held for the endpoint's whole minute. Nothing survives a restart; a client sharing the
		// endpoint shows in the service's 429.
		const REPLY = { limit: 5, windowMs: 60_000 };
		const budget = new AccountBudget([MINUTE, BURST]);
		const endpoint = { name: 'generateReply', limit: REPLY };
		expect(endpointLimit(budget, REPLY)).toBe(REPLY.limit);
		const starts: number[] = [];
		for (let remaining = 99; remaining > 93; remaining--) {
			const { value: release, at } = await granted(acquire(budget, endpoint));
			starts.push(at);
			release(headers(remaining), 200);
		}
		expect(starts[4] - starts[0]).toBeLessThan(1_000);
		// The sixth waits for the documented limit: a minute after the first answer.
		expect(starts[5] - starts[0]).toBeGreaterThanOrEqual(REPLY.windowMs);
	});
});
