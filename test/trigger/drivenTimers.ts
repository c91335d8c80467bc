/**
 * Time as the test's input in the trigger and poll suites: drivingTimers for waits, stopDate for
 * decisions read off Date.
 *
 * drivingTimers runs one sequential piece of work (a trigger's publishing, a poll) with its waits driven instead
 * of slept: jest's modern fake timers stand for every timer of the test's code (n8n's `sleep`, so
 * the transport's backoff after a failure), while sockets stay real. Whenever the work waits on a
 * timer, the fake clock jumps to it; the sockets' answers are awaited in real time.
 *
 * Date stays real: the sandbox and the records it stamps never see time go back when the work is
 * done. So this is for waits that are timers alone (backoffs), not for the pacer's or a 429's, which
 * read Date after waking.
 *
 * Only for work whose requests go one after another: the jump assumes no answer is due before the
 * next timer, which holds when the one waiting on that timer is the only thing under way.
 */
import { setTimeout as realDelay } from 'node:timers/promises';

import {
	MAX_BACKOFF_DELAY_MS,
	MAX_RETRY_ATTEMPTS,
	RETRY_BASE_DELAY_MS,
} from '../../nodes/shared/transport/constants';
import { REAL_BESIDE_TIMEOUTS } from '../helpers/realTimers';

/** What stays real; the timers the work waits on (n8n's `sleep` is a setTimeout) are driven. */
const REAL_APIS = [
	'Date',
	'hrtime',
	'nextTick',
	'performance',
	'queueMicrotask',
	'setImmediate',
	'clearImmediate',
] as const;

/** The waits the work slept, in order, each as long as it was asked to be (ms). */
export interface Driven<T> {
	result: PromiseSettledResult<T>;
	waitsMs: number[];
}

export async function drivingTimers<T>(work: () => Promise<T>): Promise<Driven<T>> {
	jest.useFakeTimers({ doNotFake: [...REAL_APIS] });
	const waitsMs: number[] = [];
	// A test that timed out while its work hung stops driving, and leaves the timers to the next test.
	const test = expect.getState().currentTestName;
	let overtaken = false;
	try {
		let settled = false;
		const running = work();
		const result = running.then(
			(value): PromiseSettledResult<T> => ({ status: 'fulfilled', value }),
			(reason: unknown): PromiseSettledResult<T> => ({ status: 'rejected', reason }),
		);
		void result.finally(() => (settled = true));
		while (!settled) {
			// A real pause lets the sockets answer; the work then either settled or waits on a timer.
			await realDelay(1);
			overtaken = expect.getState().currentTestName !== test;
			if (overtaken) throw new Error(`the driven work of "${test}" outlived its test`);
			if (settled || jest.getTimerCount() === 0) continue;
			const before = jest.now();
			await jest.advanceTimersToNextTimerAsync();
			waitsMs.push(jest.now() - before);
		}
		return { result: await result, waitsMs };
	} finally {
		if (!overtaken) jest.useRealTimers();
	}
}

/** The work's value, or its error thrown again (for `await expect(...).rejects`). */
export function settledValue<T>(result: PromiseSettledResult<T>): T {
	if (result.status === 'rejected') throw result.reason;
	return result.value;
}

/**
 * The waits of a request retried after failures: one backoff per retry, each within its attempt's
 * span (retryWaits.ts: half to all of base·2^(attempt-1), capped), never more than the retries allowed.
 */
export function expectBackoffs(waitsMs: number[], retries = MAX_RETRY_ATTEMPTS): void {
	expect(waitsMs).toHaveLength(retries);
	const ceilings = waitsMs.map((_, i) =>
		Math.min(MAX_BACKOFF_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** i),
	);
	const within = (ms: number, i: number) => ms >= ceilings[i] / 2 && ms <= ceilings[i];
	expect(waitsMs.map((ms, i) => ({ ms, within: within(ms, i) }))).toEqual(
		waitsMs.map((ms) => ({ ms, within: true })),
	);
}

/**
 * Stops Date at `now` and leaves every timer real: the trigger's decisions by time (replay
 * tolerance, journal expiry) read an instant the test sets (jest.setSystemTime), while the
 * sockets of the sandbox and the receiver run as they do. Undo with jest.useRealTimers().
 */
export function stopDate(now = Date.now()): void {
	jest.useFakeTimers({
		now,
		doNotFake: [...REAL_BESIDE_TIMEOUTS, 'setTimeout', 'clearTimeout'],
	});
}
