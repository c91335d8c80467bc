/**
 * The one driven clock of the unit suites. jest's modern fake timers stand in for Date and the timers
 * (n8n's `sleep`, so the transport's backoff and pacing, Retry On Fail's wait, Wait Until Processed's
 * reads, the sandbox's processing and call ends), and time moves only while driven work waits for it:
 * once no HTTP request of this process is open, the clock jumps to the next timer. An open request
 * takes no time on it, so every wait a test sees is one the code decided, at once and however busy
 * the machine. A sandbox on a real-time clock in the same process reads the same faked Date. Sockets
 * stay real; a request's own timeout is a socket timer in real time, which fake timers do not touch.
 * What a server answers must not wait for a timer: it would never be answered.
 *
 * - A file on it from start to end: `useDrivenClock()` (transport, throughput) or the node kit's
 *   `clock.install()`; its works run through `drive`.
 * - One sequential piece of work whose waits are timers alone (a trigger's publishing, a poll):
 *   `drivingTimers`, which keeps Date real and reports the waits it jumped.
 * The engine is clockEngine.ts.
 */
import {
	MAX_BACKOFF_DELAY_MS,
	MAX_RETRY_ATTEMPTS,
	RETRY_BASE_DELAY_MS,
} from '../../nodes/shared/transport/constants';
import { createDrivenClock, DRIVEN_START, HORIZON_MS, type WireEvent } from './clockEngine';

/** The test file's clock (jest loads this module once per file). */
export const clock = createDrivenClock();

/**
 * Puts the file's tests on the driven clock from `now`: installed before the file's other hooks
 * (call it first), one clock for the whole file, so the pacers' memory stays in order from test to
 * test; after each test, the work still under way is driven to its end.
 */
export function useDrivenClock(now = DRIVEN_START): void {
	beforeAll(() => clock.install({ now, hangsAfterMs: HORIZON_MS }));
	beforeEach(() => clock.clearWire());
	afterEach(async () => await clock.settle());
	afterAll(async () => {
		await clock.settle();
		clock.uninstall();
	});
}

/** Runs `work` on the file's driven clock until it settles, and returns (or throws) what it did. */
export async function drive<T>(work: () => Promise<T>): Promise<T> {
	// On real timers nothing would move the time, and the work would wait as long as it asks.
	if (!clock.installed) throw new Error('drive needs the driven clock: call useDrivenClock()');
	return await clock.drive(work);
}

/** The requests of this process since the last test began, as they started and ended. */
export const wireEvents = (): readonly WireEvent[] => clock.wireEvents();

/** The waits the work slept, in order, each as long as it was asked to be (ms). */
export interface Driven<T> {
	result: PromiseSettledResult<T>;
	waitsMs: number[];
}

/**
 * Runs one sequential piece of work (a trigger's publishing, a poll) on the driven clock, Date kept
 * real: the sandbox and the records it stamps never see time go back when the clock is put away. So
 * this is for waits that are timers alone (backoffs), not for the pacer's or a 429's, which read
 * Date after waking.
 */
export async function drivingTimers<T>(work: () => Promise<T>): Promise<Driven<T>> {
	clock.install({ fakeDate: false, withinTest: true });
	try {
		const result = await clock
			.drive(async () => await work())
			.then(
				(value): PromiseSettledResult<T> => ({ status: 'fulfilled', value }),
				(reason: unknown): PromiseSettledResult<T> => ({ status: 'rejected', reason }),
			);
		return { result, waitsMs: [...clock.jumps()] };
	} finally {
		// A test that timed out while its work hung leaves the timers to the next test.
		if (clock.installed) clock.uninstall();
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
