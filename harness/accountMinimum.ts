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
 * each spread over 3 s by the 5 per second: 103 s. Other `windows` (fresh counts) for other requests,
 * e.g. reads, which only the account's windows limit.
 */
export function accountWideMinimumMs(
	count: number,
	windows: CountedWindow[] = Object.values(documentedWindows()),
): number {
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

/** What the replay needs of a logged send: the service's order, its time and its status. */
export interface LoggedSend {
	seq: number;
	at: number;
	status: number | null;
}

/** A free-form send replayed through the documented windows. */
export interface ReplayedSend<Entry> {
	entry: Entry;
	/** The window that refused a 429 (m: the minute, b: the burst window, e: free-form's own); '' when accepted. */
	refusedBy: string;
	/** Which minute window (0, 1, …) counted the send, and its count there after it. */
	minute: number;
	minuteCount: number;
}

/**
 * Replays a log of free-form sends, in the service's order, through the sandbox's fixed windows (a
 * window starts with the first request after the last ran out): the general limit's refusals count
 * nowhere, the endpoint's count in the general windows. Shows which window refused each 429 and how
 * full each minute window was, which the service does not report.
 */
export function replaySends<Entry extends LoggedSend>(
	sends: readonly Entry[],
	scale = 1,
): Array<ReplayedSend<Entry>> {
	const { minute, burst, freeform } = documentedWindows(scale);
	const windows = { m: minute, b: burst, e: freeform };
	const replayed: Array<ReplayedSend<Entry>> = [];
	let minuteIndex = -1;
	for (const entry of [...sends].sort((a, b) => a.seq - b.seq)) {
		const minuteStart = minute.start;
		roll(Object.values(windows), entry.at);
		if (minute.start !== minuteStart) minuteIndex++;
		const general = (['m', 'b'] as const).filter((key) => windows[key].count >= windows[key].limit);
		let refusedBy = '';
		if (entry.status === 429) {
			refusedBy = general.length > 0 ? general.join('') : 'e';
			if (general.length === 0) {
				windows.m.count++;
				windows.b.count++;
			}
		} else for (const window of Object.values(windows)) window.count++;
		replayed.push({ entry, refusedBy, minute: minuteIndex, minuteCount: minute.count });
	}
	return replayed;
}

/** Each 429 of replayed sends as its seconds after `startedAt` and the window that refused it, e.g. "6.6b". */
export function refusalLabels(
	replayed: ReadonlyArray<ReplayedSend<LoggedSend>>,
	startedAt: number,
): string[] {
	return replayed
		.filter((send) => send.entry.status === 429)
		.map((send) => `${((send.entry.at - startedAt) / 1000).toFixed(1)}${send.refusedBy}`);
}

/** How many of the replayed sends each minute window accepted. */
export function acceptedPerMinute(replayed: ReadonlyArray<ReplayedSend<LoggedSend>>): number[] {
	const perMinute: number[] = [];
	for (const send of replayed)
		if (send.entry.status === 200) perMinute[send.minute] = (perMinute[send.minute] ?? 0) + 1;
	return Array.from(perMinute, (count) => count ?? 0);
}
