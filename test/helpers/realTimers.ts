/**
 * What jest's modern fake timers can replace, less setTimeout, clearTimeout and Date: kept real where
 * a test fakes only the timeouts (and maybe Date), so sockets, fastify and the sandbox's own
 * intervals run as they do.
 */
export const REAL_BESIDE_TIMEOUTS = [
	'hrtime',
	'nextTick',
	'performance',
	'queueMicrotask',
	'requestAnimationFrame',
	'cancelAnimationFrame',
	'requestIdleCallback',
	'cancelIdleCallback',
	'setImmediate',
	'clearImmediate',
	'setInterval',
	'clearInterval',
] as const;
