/** The least time the documented limits allow for a number of sends on one token (benchmark cases 6 and 7, the queue-mode test). */

export interface CountedWindow {
	limit: number;
	windowMs: number;
	start: number;
	count: number;
}

/**
 * Fresh counts of the documented windows the sandbox enforces on free-form sends, every length
 * times `scale`: the account's minute and burst window and free-form's own.
 */
export function documentedWindows(scale = 1): {
	minute: CountedWindow;
	burst: CountedWindow;
	freeform: CountedWindow;
} {
	const counted = (limit: number, windowMs: number): CountedWindow => ({
		limit,
		windowMs: windowMs * scale,
		start: -Infinity,
		count: 0,
	});
	return { minute: counted(100, 60_000), burst: counted(20, 10_000), freeform: counted(5, 1_000) };
}

/** Fixed windows, as the sandbox's: one that has run out by `at` starts again there, empty. */
export function roll(windows: readonly CountedWindow[], at: number): void {
	for (const window of windows)
		if (at >= window.start + window.windowMs) Object.assign(window, { start: at, count: 0 });
}

/**
 * The least time `count` free-form sends on one token can take under the documented limits the
 * sandbox enforces: the account-wide 100 per minute and 20 per 10 s, and free-form's own 5 per second
 * (https://docs.famulor.de/en/api-reference/authentication, …/whatsapp/send-freeform), each admitted
 * the moment every window has room. 200 sends: bursts of 20 at 0, 10, …, 40 s and 60, …, 100 s,
 * each spread over 3 s by the 5 per second: 103 s.
 */
export function accountWideMinimumMs(count: number): number {
	const windows = Object.values(documentedWindows());
	let at = 0;
	for (let sent = 0; sent < count; sent++) {
		for (;;) {
			roll(windows, at);
			const full = windows.filter((window) => window.count >= window.limit);
			if (full.length === 0) break;
			at = Math.max(...full.map((window) => window.start + window.windowMs));
		}
		for (const window of windows) window.count++;
	}
	return at;
}
