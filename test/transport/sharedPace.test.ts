/**
 * The pace of a process while three or more share the token (sharedPace.ts): clients that start at
 * unequal paces draw together, and the clients together refill the burst window at the same rate
 * whatever their number.
 */
import { SharedPace } from '../../nodes/shared/transport/sharedPace';

const FASTEST_MS = 525; // 20 per 10 s, with the shared margin
const WINDOW_MS = 10_000;

const rateOf = (pace: SharedPace) => 1 / (pace.spacingMs() ?? Infinity);

describe('the shared pace', () => {
	it('is left to the count of clients while fewer than three share the token', () => {
		const pace = new SharedPace(FASTEST_MS, WINDOW_MS);
		pace.update(0, 2);
		expect(pace.spacingMs()).toBeUndefined();
		pace.update(500, 4);
		expect(pace.spacingMs()).toBeCloseTo(4 * FASTEST_MS);
		pace.update(1_000, 2);
		expect(pace.spacingMs()).toBeUndefined();
	});

	it('draws unequal paces together: every client cuts by the same factor when the window is full', () => {
		// One reads three clients and one ten: a split the count of clients alone keeps for good.
		const fast = new SharedPace(FASTEST_MS, WINDOW_MS);
		const slow = new SharedPace(FASTEST_MS, WINDOW_MS);
		fast.update(0, 3);
		slow.update(0, 10);
		const before = rateOf(fast) / rateOf(slow);
		// Both see the same window for four minutes: room for 5 s, then full, and so on; an answer a second each.
		for (let second = 1; second <= 240; second++) {
			const full = second % 10 >= 5;
			for (const pace of [fast, slow]) {
				if (full) pace.windowFull();
				pace.update(second * 1_000, 4);
			}
		}
		const after = rateOf(fast) / rateOf(slow);
		expect(before).toBeGreaterThan(3);
		expect(after).toBeLessThan(1.25);
	});

	it('adds the same to the clients together per window whatever their number', () => {
		for (const clients of [3, 4, 8]) {
			const paces = Array.from({ length: clients }, () => new SharedPace(FASTEST_MS, WINDOW_MS));
			for (const pace of paces) pace.update(0, clients);
			const total = () => paces.reduce((sum, pace) => sum + rateOf(pace), 0);
			const start = total();
			for (const pace of paces) pace.update(WINDOW_MS, clients);
			// 15 % of the fastest pace per window, shared by the clients
			expect((total() - start) * FASTEST_MS).toBeCloseTo(0.15);
		}
	});

	it('cuts at most once per window, while the window stays full after the cut', () => {
		const pace = new SharedPace(FASTEST_MS, WINDOW_MS);
		pace.update(0, 4);
		const start = rateOf(pace);
		for (let at = 11_000; at <= 20_000; at += 1_000) {
			pace.windowFull();
			pace.update(at, 4);
		}
		expect(rateOf(pace)).toBeCloseTo(start * 0.93);
		pace.windowFull();
		pace.update(21_000, 4);
		expect(rateOf(pace)).toBeCloseTo(start * 0.93 * 0.93);
	});
});
