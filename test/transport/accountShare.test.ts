/**
 * How one process reads the account's X-RateLimit-* headers when other processes share the token
 * (accountBudget.ts): what it assumes of the others while it waits for the reset, and how much of an
 * endpoint's own limit it spends while it learns whether others are there.
 */
import { AccountBudget } from '../../nodes/shared/transport/accountBudget';

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

/** One request of this process, answered at once with the account's count after it. */
async function answered(budget: AccountBudget, remaining: number): Promise<void> {
	let release: ((headers?: Record<string, string>, status?: number) => void) | undefined;
	void budget.acquire(300_000).then((granted) => (release = granted));
	// A shared token's requests are spaced: let the clock run until this one may start.
	while (release === undefined) await jest.advanceTimersByTimeAsync(50);
	release(
		{
			'X-RateLimit-Limit': '100',
			'X-RateLimit-Remaining': String(remaining),
			'X-RateLimit-Reset': String(resetSeconds),
		},
		200,
	);
}

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
		expect(budget.endpointLimit(FREEFORM)).toBe(5); // alone: the whole limit
	});

	it('is the whole limit as soon as other clients are known, and from the first answer without headers', async () => {
		const shared = new AccountBudget([MINUTE, BURST]);
		await answered(shared, 95); // 5 used, 1 of them this process's: others are there
		expect(shared.clientsSharing()).toBeGreaterThan(1);
		expect(shared.endpointLimit(FREEFORM)).toBe(5);

		const unreported = new AccountBudget([MINUTE, BURST]);
		const release = await unreported.acquire(300_000);
		release({}, 200);
		expect(unreported.endpointLimit(FREEFORM)).toBe(5);
	});
});
