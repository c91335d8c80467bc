/**
 * What jest's modern fake timers leave real in the unit suites: the event loop's own turns, which
 * sockets, streams, fastify and the sandbox run on, whatever else a test fakes.
 */
export const REAL_EVENT_LOOP = [
	'hrtime',
	'nextTick',
	'performance',
	'queueMicrotask',
	'setImmediate',
	'clearImmediate',
] as const;

/**
 * What jest's modern fake timers can replace, less setTimeout, clearTimeout and Date: kept real where
 * a test fakes only the timeouts (and maybe Date), so sockets, fastify and the sandbox's own
 * intervals run as they do.
 */
export const REAL_BESIDE_TIMEOUTS = [
	...REAL_EVENT_LOOP,
	'requestAnimationFrame',
	'cancelAnimationFrame',
	'requestIdleCallback',
	'cancelIdleCallback',
	'setInterval',
	'clearInterval',
] as const;

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
