/**
 * The driven clock of the transport and throughput suites. jest's modern fake timers drive `Date` and
 * n8n's `sleep`, so the pacer, the retry waits and a sandbox on a real-time clock read one clock that
 * only `drive` moves. `drive` moves it to the next timer only while nothing of this process is on the
 * wire: an HTTP request under way takes no time on it, so every wait a test sees is one the code
 * decided, however busy the machine is. Sockets stay real; a request's own timeout is a socket timer
 * in real time, which fake timers do not touch.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';

/** Where the clock starts: a whole second, so the service's whole-second headers fall where a test puts them. */
export const DRIVEN_START = 1_800_000_000_000;

/** How far one run of the loop may move the clock before the work counts as hung. */
const HORIZON_MS = 3_600_000;

// Captured before jest replaces them: the loop yields to real I/O with these.
const realSetImmediate = setImmediate;
const realSetTimeout = setTimeout;
/** What stays real: the event loop's own turns, which the loop and the libraries under test yield with. */
const REAL = ['setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask'] as const;
/** jest's fake timers, REAL aside, from `now`. */
const fakeTimersFrom = (now: number) => jest.useFakeTimers({ now, doNotFake: [...REAL] });

/**
 * One HTTP request of this process as it starts and as it ends: answered or dropped (`end`), or given
 * up by its caller at the request's own timeout (`timeout`).
 */
export interface WireEvent {
	event: 'start' | 'end' | 'timeout';
	method: string;
	path: string;
}

const open = new Set<ClientRequest>();
const wireLog: WireEvent[] = [];
let wake: () => void = () => {};
let changed = nextChange();

function nextChange(): Promise<void> {
	return new Promise((resolve) => (wake = resolve));
}

function onRequestStart(message: unknown): void {
	const { request } = message as { request: ClientRequest };
	const { method, path } = request;
	open.add(request);
	wireLog.push({ event: 'start', method, path });
	const end = (event: 'end' | 'timeout') => {
		if (!open.delete(request)) return;
		wireLog.push({ event, method, path });
		wake();
		changed = nextChange();
	};
	request.once('close', () => end('end'));
	// n8n's axios (1.12) rejects at its timeout without destroying the request, which then stays
	// open until the server answers: for its caller it ended there.
	request.once('timeout', () => end('timeout'));
}

const pending = new Set<Promise<void>>();
let loop: Promise<void> | undefined;

const realTurn = () => new Promise<void>((resolve) => realSetImmediate(resolve));

/** Runs until every driven work has settled, moving the clock only while nothing is on the wire. */
async function runLoop(): Promise<void> {
	const horizon = Date.now() + HORIZON_MS;
	while (pending.size > 0) {
		if (open.size > 0) {
			await Promise.race([changed, ...pending]);
			continue;
		}
		// A turn of the real event loop: what the last step started reaches the wire first.
		await realTurn();
		if (pending.size === 0 || open.size > 0) continue;
		if (jest.getTimerCount() === 0) {
			// Waiting on neither a timer nor a request of ours (a file, another process): real time.
			await new Promise((resolve) => realSetTimeout(resolve, 5));
			continue;
		}
		jest.advanceTimersToNextTimer();
		if (Date.now() > horizon) {
			// Its timers go with the clock, so no later test's driving wakes what hung here.
			pending.clear();
			fakeTimersFrom(Date.now());
			throw new Error(
				`the driven work still waits after ${HORIZON_MS / 60_000} min on the driven clock: it hangs`,
			);
		}
	}
}

/**
 * Runs `work` with the clock driven until it settles, and returns (or throws) what it did.
 * Works driven at once share one loop.
 */
export async function drive<T>(work: () => Promise<T>): Promise<T> {
	// jest's fake setTimeout carries its clock; the real one does not, and nothing would move the time.
	if (!('clock' in setTimeout))
		throw new Error('drive needs the driven clock: call useDrivenClock()');
	const running = work();
	const tracked: Promise<void> = running.then(
		() => void pending.delete(tracked),
		() => void pending.delete(tracked),
	);
	pending.add(tracked);
	loop ??= runLoop().finally(() => (loop = undefined));
	await Promise.race([tracked, loop]);
	return await running;
}

/** Waits until every driven work has settled (so nothing of a test reaches the next). */
export async function settleDriven(): Promise<void> {
	while (loop !== undefined) await loop;
}

/** The requests of this process since the last test began, as they started and ended. */
export function wireEvents(): readonly WireEvent[] {
	return wireLog;
}

/**
 * Puts the file's tests on the driven clock from `now`: installed before the file's other hooks
 * (call it first), one clock for the whole file, so the pacers' memory stays in order from test to
 * test; after each test, the work still under way is driven to its end.
 */
export function useDrivenClock(now = DRIVEN_START): void {
	beforeAll(() => {
		subscribe('http.client.request.start', onRequestStart);
		fakeTimersFrom(now);
	});
	beforeEach(() => {
		wireLog.length = 0;
	});
	afterEach(async () => {
		await settleDriven();
	});
	afterAll(async () => {
		await settleDriven();
		jest.useRealTimers();
		unsubscribe('http.client.request.start', onRequestStart);
	});
}
