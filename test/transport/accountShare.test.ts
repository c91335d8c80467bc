/**
 * How one process reads the account's X-RateLimit-* headers when other processes share the token
 * (accountBudget.ts): what it assumes of the others while it waits for the reset and where it
 * resumes, how much of an endpoint's own limit it spends while it learns whether others are there,
 * and how a request queued before it knew of them leaves.
 */
import { AccountBudget } from '../../nodes/shared/transport/accountBudget';
import type { Pacer, Release } from '../../nodes/shared/transport/pacer';
import { generalPacerFor } from '../../nodes/shared/transport/pacing';

const MINUTE = { limit: 100, windowMs: 60_000 };
const BURST = { limit: 20, windowMs: 10_000 };
const FREEFORM = { limit: 5, windowMs: 1_000 };

let resetSeconds = 0;

beforeEach(() => {
	jest.useFakeTimers({ now: 1_800_000_000_000 });
	resetSeconds = Math.ceil(Date.now() / 1000) + 60;
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
	const { value: release } = await granted(budget.acquire(300_000));
	release(headers(remaining), 200);
}

/** How long after the request just answered (answered at once) the next one of this process starts. */
async function untilNextStart(budget: AccountBudget): Promise<number> {
	const lastStart = Date.now();
	const { at } = await granted(budget.acquire(300_000));
	return at - lastStart;
}

/** What request.ts does before it sends: each pacer in turn (generalPacerFor's order). */
async function acquireAll(pacers: readonly Pacer[]): Promise<Release[]> {
	const releases: Release[] = [];
	for (const pacer of pacers) releases.push(await pacer.acquire(300_000));
	return releases;
}

/**
 * This process as one of four clients taking turns at the account's full pace (so the burst window
 * is full as each of its requests leaves), until `downTo` or fewer are left; returns how many.
 */
async function oneOfFour(budget: AccountBudget, downTo: number): Promise<number> {
	await answered(budget, 99);
	await answered(budget, 95);
	let remaining = 95;
	while (remaining > downTo) {
		remaining -= 4;
		budget.windowFull(BURST.windowMs);
		await answered(budget, remaining);
	}
	return remaining;
}

describe('after the window ran out', () => {
	it('resumes in the order the service counted the clients last, one pace apart', async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		await oneOfFour(budget, 8);
		expect(budget.clientsSharing()).toBe(4);
		// 7 left: one more of this one's, after which 1 is left: of the last four counted, this one was
		// the third, so it resumes two paces (2 × 500 ms × 1.05) after the reset, not at it.
		await answered(budget, 1);
		const { at } = await granted(budget.acquire(300_000));
		expect(at).toBeGreaterThanOrEqual(resetSeconds * 1000 + 1_050);
		expect(at).toBeLessThan(resetSeconds * 1000 + 1_200);
	});

	it('keeps its count of the clients while its share window still reaches into the wait', async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		await oneOfFour(budget, 4);
		await answered(budget, 0); // this one's last request took the last of the window
		expect(budget.clientsSharing()).toBe(4);
		// The new window: its first answers show few requests of anyone's in the last 10 s (the
		// others waited for the reset too), which would read as two clients.
		resetSeconds += 60;
		await answered(budget, 99);
		await answered(budget, 97);
		expect(budget.clientsSharing()).toBe(4);
		// Spaced as one of four (the shared pace, give or take its raises and cuts), not as one of two.
		expect(await untilNextStart(budget)).toBeGreaterThan(3 * 500 * 1.05);
	});
});

describe('after a while without work', () => {
	it('keeps its count of the clients while its share window still reaches into the idle time', async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		let remaining = await oneOfFour(budget, 60);
		expect(budget.clientsSharing()).toBe(4);
		// 8 s without work while the three others sent on: the window's one request of this one's
		// against their 15 would read as 16 clients.
		await jest.advanceTimersByTimeAsync(8_000);
		remaining -= 16;
		await answered(budget, remaining);
		expect(budget.clientsSharing()).toBe(4);
		expect(await untilNextStart(budget)).toBeLessThan(5 * 500 * 1.05);
	});
});

describe('a process spaced more than half a window apart', () => {
	it('follows the count down when the others leave (its own spacing is no pause)', async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		await answered(budget, 99);
		let remaining = 99;
		for (let i = 0; i < 4; i++) {
			remaining -= 12;
			await answered(budget, remaining);
		}
		const crowded = budget.clientsSharing();
		expect(crowded).toBeGreaterThanOrEqual(10); // spaced 5 s and more apart
		for (let i = 0; i < 6; i++) {
			remaining -= 2;
			await answered(budget, remaining);
		}
		expect(budget.clientsSharing()).toBeLessThanOrEqual(3);
	});
});

describe('while the account waits for its reset', () => {
	it('counts no more requests of the others than the remainder the service reported', async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		await answered(budget, 99); // 1 used: this process's
		await jest.advanceTimersByTimeAsync(1_000);
		await answered(budget, 90); // 10 used: 8 of them the others'
		const revealed = budget.othersWithin(MINUTE.windowMs, Date.now()).count;
		await jest.advanceTimersByTimeAsync(1_000);
		await answered(budget, 0); // the rest of the window is gone
		const seen = budget.othersWithin(MINUTE.windowMs, Date.now()).count;
		expect(seen).toBeGreaterThan(revealed);
		// 30 s later, still before the reset: with nothing left, the others cannot have sent more
		await jest.advanceTimersByTimeAsync(30_000);
		expect(budget.othersWithin(MINUTE.windowMs, Date.now()).count).toBe(seen);
	});
});

describe("an endpoint's own limit while a process learns whether it shares the token", () => {
	it('is half until an answer to a request started one endpoint window after the first answer', async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		expect(budget.endpointLimit(FREEFORM)).toBe(2); // nothing heard yet
		await answered(budget, 99);
		expect(budget.endpointLimit(FREEFORM)).toBe(2);
		await jest.advanceTimersByTimeAsync(FREEFORM.windowMs);
		expect(budget.endpointLimit(FREEFORM)).toBe(2); // no answer yet to a request started since
		await answered(budget, 98);
		expect(budget.endpointLimit(FREEFORM)).toBe(4); // alone, but a client may still join: see below
		await jest.advanceTimersByTimeAsync(BURST.windowMs);
		expect(budget.endpointLimit(FREEFORM)).toBe(5); // alone: the whole limit
	});

	it('keeps one slot free for a client that starts a little later, for the rest of the first burst window', async () => {
		// That client's first request cannot know the endpoint's window is full, and the endpoint's 429
		// takes a slot of the account's minute: 200 sends would spill into a third minute.
		const budget = new AccountBudget([MINUTE, BURST]);
		await answered(budget, 99);
		await jest.advanceTimersByTimeAsync(FREEFORM.windowMs);
		await answered(budget, 98);
		expect(budget.endpointLimit(FREEFORM)).toBe(FREEFORM.limit - 1);
		await jest.advanceTimersByTimeAsync(BURST.windowMs - 2 * FREEFORM.windowMs);
		expect(budget.endpointLimit(FREEFORM)).toBe(FREEFORM.limit - 1);
		await jest.advanceTimersByTimeAsync(FREEFORM.windowMs);
		expect(budget.endpointLimit(FREEFORM)).toBe(FREEFORM.limit);
	});

	it('is the part of the clients once others are known, 1 while their count is new', async () => {
		// Four processes starting within a second, each spending two of free-form's five, met its 429.
		const shared = new AccountBudget([MINUTE, BURST]);
		await answered(shared, 95); // 5 used, 1 of them this process's: others are there
		expect(shared.clientsSharing()).toBeGreaterThan(1);
		expect(shared.endpointLimit(FREEFORM)).toBe(1);
		// One of four for longer than a burst window: its part of five is one, of ten two.
		const started = Date.now();
		for (let remaining = 91; Date.now() - started < BURST.windowMs; remaining -= 4) {
			shared.windowFull(BURST.windowMs);
			await answered(shared, remaining);
		}
		expect(shared.clientsSharing()).toBe(4);
		expect(shared.endpointLimit(FREEFORM)).toBe(1);
		expect(shared.endpointLimit({ limit: 10, windowMs: 1_000 })).toBe(2);
	});

	it('is the whole limit from the first answer without headers', async () => {
		const unreported = new AccountBudget([MINUTE, BURST]);
		expect(unreported.endpointLimit(FREEFORM)).toBe(2);
		const release = await unreported.acquire(300_000);
		release({}, 200);
		expect(unreported.endpointLimit(FREEFORM)).toBe(5);
	});
});

describe('a request queued before the process knew of the others', () => {
	it('leaves only when the burst window has room for it, counting the others the last answer revealed', async () => {
		const pacers = generalPacerFor('departure-test', [MINUTE, BURST]);
		const first = await granted(acquireAll(pacers));
		// The second takes its places in the windows while the process still seems alone, then waits
		// at the account for the first answer.
		const second = granted(acquireAll(pacers));
		await jest.advanceTimersByTimeAsync(100);
		// 20 used: 19 of them other clients', so the burst window (20 per 10 s) is full.
		const answeredAt = Date.now();
		for (const release of first.value) release(headers(80), 200);
		const { at } = await second;
		expect(at - answeredAt).toBeGreaterThanOrEqual(BURST.windowMs);
		expect(at - answeredAt).toBeLessThan(BURST.windowMs + 500);
	});
});

describe('the window the service reports', () => {
	it('counts as the service does until its reset: a request the service never counted holds no slot', async () => {
		const pacers = generalPacerFor('reported-window-test', [MINUTE]);
		// Lost on the way (no answer): the minute window holds its slot for a minute, the service never counted it.
		for (const release of (await granted(acquireAll(pacers))).value) release();
		for (let used = 1; used <= 99; used++)
			for (const release of (await granted(acquireAll(pacers))).value)
				release(headers(100 - used), 200);
		// 99 used, 1 left, while the window's own count is 100.
		const before = Date.now();
		const { at, value: last } = await granted(acquireAll(pacers));
		expect(at - before).toBeLessThan(1_000);
		for (const release of last) release(headers(0), 200);
		// None left: the next waits for the reported reset.
		const { at: next } = await granted(acquireAll(pacers));
		expect(next).toBeGreaterThanOrEqual(resetSeconds * 1000);
	});
});

describe('when the others stop', () => {
	it('spends the rest of the remainder itself until the reset, as the windows allow, once an answer shows none of theirs where they would have sent some', async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		// The run's end: it holds six executions and the queue is empty once one of them ends.
		const held = Array.from({ length: 6 }, () => budget.enterBacklog());
		const remaining = await oneOfFour(budget, 8);
		held.pop()?.();
		// The others finished their last executions: at their pace they would have sent three by
		// this one's next answer, and it shows none.
		await answered(budget, remaining - 1);
		// What is left is this one's, all under way at once: not its quarter, and not spaced.
		const started = Date.now();
		for (let left = remaining - 1; left > 0; left--) await granted(budget.acquire(300_000));
		expect(Date.now() - started).toBeLessThan(500);
		expect(budget.endpointLimit(FREEFORM)).toBe(FREEFORM.limit);
		// After the reset the others may resume: it counts as one of two, spaced, not alone.
		expect(budget.clientsSharing()).toBe(2);
		await jest.advanceTimersByTimeAsync(resetSeconds * 1000 - Date.now());
		expect(budget.endpointLimit(FREEFORM)).toBe(2);
		const first = await granted(budget.acquire(300_000));
		const second = await granted(budget.acquire(300_000));
		expect(second.at - first.at).toBeGreaterThanOrEqual(2 * 500);
	});

	it('keeps the remainder spaced as one of two when the others fall silent while its backlog is whole', async () => {
		// Mid-run their silence may be a 429's wait: bursting then meets them as they resume.
		const budget = new AccountBudget([MINUTE, BURST]);
		Array.from({ length: 6 }, () => budget.enterBacklog());
		const remaining = await oneOfFour(budget, 8);
		await answered(budget, remaining - 1);
		expect(budget.clientsSharing()).toBe(2);
		expect(budget.endpointLimit(FREEFORM)).toBe(2);
		const first = await granted(budget.acquire(300_000));
		const second = await granted(budget.acquire(300_000));
		expect(second.at - first.at).toBeGreaterThanOrEqual(2 * 500);
		expect(second.at).toBeLessThan(resetSeconds * 1000);
	});

	it('spends the remainder as the windows allow, its backlog whole, once their silence outlasts a burst-window 429', async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		Array.from({ length: 6 }, () => budget.enterBacklog());
		let remaining = await oneOfFour(budget, 60);
		const lastRevealed = Date.now();
		// Spaced as one of two while their silence may still be a 429's wait (a window and a second).
		while (Date.now() - lastRevealed <= BURST.windowMs + 1_000 + 2 * 525)
			await answered(budget, --remaining);
		expect(budget.clientsSharing()).toBe(2);
		const started = Date.now();
		for (let n = 0; n < 5; n++) await granted(budget.acquire(300_000));
		expect(Date.now() - started).toBeLessThan(500);
	});

	it("takes the share of those still sending when its backlog drains and the others slow down near the window's end", async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		// It holds six executions; the queue is empty once one of them ends.
		const held = Array.from({ length: 6 }, () => budget.enterBacklog());
		const remaining = await oneOfFour(budget, 8);
		held.pop()?.();
		// Two of the three others are done: one request of theirs where their pace gave three.
		await answered(budget, remaining - 2);
		expect(budget.clientsSharing()).toBeGreaterThan(2);
		// 5 or fewer left and one other still sending: two of them are this one's, spaced as one of
		// two, where a quarter would be one, spaced as one of four.
		const first = await untilNextStart(budget);
		expect(first).toBeLessThanOrEqual(2 * 500 * 1.05 + 50);
		const { at } = await granted(budget.acquire(300_000));
		expect(at).toBeLessThan(resetSeconds * 1000);
	});

	it("keeps to its share when the others slow down at a minute's end while its backlog is whole", async () => {
		// Near a minute's end the others slow because their shares are spent, not their work: a
		// request sent on that sign meets the full minute.
		const budget = new AccountBudget([MINUTE, BURST]);
		Array.from({ length: 6 }, () => budget.enterBacklog());
		const remaining = await oneOfFour(budget, 8);
		await answered(budget, remaining - 2);
		// 5 left: a quarter is one, and no more before the reset.
		await granted(budget.acquire(300_000));
		const { at } = await granted(budget.acquire(300_000));
		expect(at).toBeGreaterThanOrEqual(resetSeconds * 1000);
	});

	it("sends one per answer at the window's end once its own backlog drains, where its share is none", async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		// A worker holding eight executions, one of four clients taking turns; the queue is empty.
		const backlog = Array.from({ length: 8 }, () => ({
			leave: budget.enterBacklog(),
			acquiring: budget.acquire(300_000),
		}));
		let remaining = 35;
		for (const { leave, acquiring } of backlog) {
			const { value: release } = await granted(acquiring);
			budget.windowFull(BURST.windowMs);
			release(headers((remaining -= 4)), 200);
			leave();
		}
		expect({ remaining, clients: budget.clientsSharing() }).toEqual({ remaining: 3, clients: 4 });
		// Its last execution: a quarter of 3 is none, but the others may be done as well.
		budget.enterBacklog();
		const { at } = await granted(budget.acquire(300_000));
		expect(at).toBeLessThan(resetSeconds * 1000);
	});

	it('looks again when its own answer arrives, not sleeping out a wait for the reset decided while that was under way', async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		const held = Array.from({ length: 6 }, () => budget.enterBacklog());
		const remaining = await oneOfFour(budget, 8);
		held.pop()?.();
		// Its quarter of 7 goes; the next waits for the reset while that one is under way.
		const { value: release } = await granted(budget.acquire(300_000));
		const next = budget.acquire(300_000);
		await jest.advanceTimersByTimeAsync(1_000);
		release(headers(remaining - 4), 200);
		const { at } = await granted(next);
		expect(at).toBeLessThan(resetSeconds * 1000);
	});

	it("keeps to its share at the window's end while the others keep their pace", async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		const remaining = await oneOfFour(budget, 4);
		// 3 left after this one's answer, the others sending as before: a quarter of 3 is none.
		expect(remaining).toBe(3);
		const { at } = await granted(budget.acquire(300_000));
		expect(at).toBeGreaterThanOrEqual(resetSeconds * 1000);
	});
});

describe('after refusals while another client burst alone', () => {
	it("is not held by the others' requests its first answer reveals: they were counted before the refusals", async () => {
		const budget = new AccountBudget([MINUTE, BURST], [MINUTE, BURST]);
		const start = Date.now();
		// Each burst window full of another client's requests: two refusals, each waited out.
		for (const windowEnd of [10, 20]) {
			const { value: release } = await granted(budget.acquire(300_000));
			release({ ...headers(0), 'X-RateLimit-Reset': String(start / 1000 + windowEnd) }, 429);
			budget.blockFor(start + windowEnd * 1000 - Date.now());
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
		const budget = new AccountBudget([MINUTE, BURST]);
		const remaining = await oneOfFour(budget, 8);
		// 7 left: a quarter is one, and the burst window refuses it (the account does not count it).
		expect(remaining).toBe(7);
		const { value: release } = await granted(budget.acquire(300_000));
		release(headers(0), 429);
		// Its retry is still this one's quarter: it goes before the reset, not after.
		const { at } = await granted(budget.acquire(300_000));
		expect(at).toBeLessThan(resetSeconds * 1000);
	});

	it('is shared by the part of the whole window this process sent, not by the count of the last 10 s', async () => {
		const budget = new AccountBudget([MINUTE, BURST]);
		// Most of the window with one other client, then the last 15 s with three.
		await answered(budget, 99);
		let remaining = 99;
		while (remaining > 31) await answered(budget, (remaining -= 2));
		for (let i = 0; i < 7; i++) {
			budget.windowFull(BURST.windowMs);
			await answered(budget, (remaining -= 4));
		}
		expect(budget.clientsSharing()).toBe(4);
		// 3 left; this one sent 42 of the window's 97: its share is 1, not a quarter of 3 (none).
		const { at } = await granted(budget.acquire(300_000));
		expect(at).toBeLessThan(resetSeconds * 1000);
	});
});
