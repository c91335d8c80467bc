/**
 * How one process reads the account's X-RateLimit-* headers when other processes share the token
 * (accountBudget.ts): built as production builds it (the windows enforced), it takes turns in the
 * shared burst windows by the numbers the service reports (burstTurn.ts), waits for the reset and
 * resumes at the turn after it; how much of an endpoint's own limit it spends while it learns whether
 * others are there, and how a request queued before it knew of them leaves.
 * The minute's last numbers are in minuteEnd.test.ts.
 */
import { AccountBudget } from '../../../nodes/shared/transport/pacing/accountBudget';
import { accountFor } from '../../../nodes/shared/transport/pacing/pacing';
import {
	BURST,
	MINUTE,
	acquire,
	answered,
	clientsSharing,
	endpointLimit,
	enforced,
	granted,
	headers,
	minuteResettingAt,
	nextMinute,
	oneOfFourTurns,
	resetSeconds,
	startMinute,
	turn,
} from './sharedAccount';

const FREEFORM = { limit: 5, windowMs: 1_000 };

beforeEach(() => {
	jest.useFakeTimers({ now: 1_800_000_000_000 });
	startMinute();
});
afterEach(() => {
	jest.useRealTimers();
});

/** How long after the request just answered (answered at once) the next one of this process starts. */
async function untilNextStart(budget: AccountBudget): Promise<number> {
	const lastStart = Date.now();
	const { at } = await granted(acquire(budget));
	return at - lastStart;
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
		nextMinute();
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
		minuteResettingAt(start / 1000 + 60);
		await answered(budget, 59);
		expect(Date.now() - start).toBeGreaterThanOrEqual(20_000);
		// Spaced as one of two, not held for a burst window by 40 requests stamped now.
		expect(await untilNextStart(budget)).toBeLessThan(2 * 525 + 100);
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
