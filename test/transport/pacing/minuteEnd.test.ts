/**
 * The minute's last numbers (accountBudget.ts): counted as the service reports them until its
 * reset, a request the service never counted holding none; while other processes share the token,
 * whether this process tries them before the reset (its backlog drained, its last requests fitting
 * them) or leaves them to the round, how it keeps to its share as the others slow down or keep
 * their pace, and the place of a refused request it gets back for its retry.
 */
import { AccountBudget } from '../../../nodes/shared/transport/pacing/accountBudget';
import { accountFor } from '../../../nodes/shared/transport/pacing/pacing';
import {
	BURST,
	MINUTE,
	acquire,
	answered,
	clientsSharing,
	enforced,
	granted,
	headers,
	oneOfFourTurns,
	resetSeconds,
	startMinute,
	turn,
	used,
} from './sharedAccount';

beforeEach(() => {
	jest.useFakeTimers({ now: 1_800_000_000_000 });
	startMinute();
});
afterEach(() => {
	jest.useRealTimers();
});

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
