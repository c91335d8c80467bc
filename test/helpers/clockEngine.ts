/**
 * The engine of the driven clock (drivenClock.ts has the file's clock and its modes). jest's modern
 * fake timers stand in for Date and the timers, and time moves only while driven work waits for it:
 * once no HTTP request of this process is open (diagnostics_channel's request start, the socket's
 * close), the clock jumps to the next timer. Sockets stay real; a request's own timeout is a socket
 * timer in real time, which fake timers do not touch.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import { setImmediate as nextTurn, setTimeout as realDelay } from 'node:timers/promises';

import { REAL_EVENT_LOOP } from './realTimers';

/**
 * Where a file's clock starts: a whole second, so the service's whole-second headers fall where a
 * test puts them.
 */
export const DRIVEN_START = 1_800_000_000_000;

/** Event loop turns with no request open before driven work counts as waiting for the clock. */
const IDLE_TURNS = 3;
/** How often work waiting for neither a request nor a timer (a file, another process) is looked at. */
const UNTRACKED_WAIT_MS = 2;
/** How far one run of useDrivenClock's loop may move the clock before the work counts as hung. */
export const HORIZON_MS = 3_600_000;

const REQUEST_START = 'http.client.request.start';

/**
 * One HTTP request of this process as it starts and as it ends: answered or dropped (`end`), or given
 * up by its caller at the request's own timeout (`timeout`).
 */
export interface WireEvent {
	event: 'start' | 'end' | 'timeout';
	method: string;
	path: string;
}

export interface ClockOptions {
	/** Where the fake Date starts (the real time if not given). */
	now?: number;
	/** False keeps Date real, for work whose waits are timers alone (drivingTimers). */
	fakeDate?: boolean;
	/** Stop driving once the test that installed the clock has ended (its work hung past its timeout). */
	withinTest?: boolean;
	/**
	 * How far one run of the loop may move the clock before its work counts as hung. Unbounded if not
	 * given: the node kit's clock keeps jumping a repeating timer while a large upload is built.
	 */
	hangsAfterMs?: number;
}

export interface DrivenClock {
	/** Installs the fake timers and counts this process's requests. */
	install(options?: ClockOptions): void;
	/**
	 * Resolves (or throws) as `work` does, moving the clock while driven work waits. Not installed,
	 * the work takes real time.
	 */
	drive<T>(work: () => Promise<T>): Promise<T>;
	readonly installed: boolean;
	/** Keeps the clock where it is until release(), so a test can act between a run's steps. */
	hold(): void;
	/** Resolves once driven work waits for the held clock: no request open, a timer set. */
	waiting(): Promise<void>;
	release(): void;
	/** Moves the clock until every driven work has settled. */
	settle(): Promise<void>;
	/** Real timers again; stops counting requests. */
	uninstall(): void;
	/** The requests of this process since clearWire(), as they started and ended. */
	wireEvents(): readonly WireEvent[];
	clearWire(): void;
	/** Each jump of the clock to its next timer (ms), in order, since install. */
	jumps(): readonly number[];
}

export function createDrivenClock(): DrivenClock {
	const works = new Set<Promise<void>>();
	const open = new Set<ClientRequest>();
	const wireLog: WireEvent[] = [];
	const jumpsMs: number[] = [];
	let options: ClockOptions = {};
	let installedIn: string | undefined;
	let installed = false;
	/** Counts installs: a loop left from an earlier one (its test timed out) stops at the next. */
	let generation = 0;
	/** The loop moving the clock, while `looping`: it ends when no driven work is left. */
	let loop: Promise<void> = Promise.resolve();
	let looping = false;
	let held = false;
	let heldWaiting = false;
	const whenWaiting: Array<() => void> = [];
	const whenReleased: Array<() => void> = [];
	const wake = (waiters: Array<() => void>): void => {
		for (const resolve of waiters.splice(0)) resolve();
	};
	let requestEnded: () => void = () => {};
	let nextRequestEnd = new Promise<void>((resolve) => (requestEnded = resolve));

	const fakeTimers = (now: number): void => {
		const real =
			options.fakeDate === false ? [...REAL_EVENT_LOOP, 'Date' as const] : REAL_EVENT_LOOP;
		jest.useFakeTimers({ now, doNotFake: [...real] });
	};

	const onRequest = (message: unknown): void => {
		const { request } = message as { request: ClientRequest };
		const { method, path } = request;
		open.add(request);
		wireLog.push({ event: 'start', method, path });
		const end = (event: 'end' | 'timeout'): void => {
			if (!open.delete(request)) return;
			wireLog.push({ event, method, path });
			requestEnded();
			nextRequestEnd = new Promise<void>((resolve) => (requestEnded = resolve));
		};
		request.once('close', () => end('end'));
		// n8n's axios (1.12) rejects at its timeout without destroying the request, which then stays
		// open until the server answers: for its caller it ended there.
		request.once('timeout', () => end('timeout'));
	};

	/**
	 * Until no request is open for IDLE_TURNS turns: the answers' handlers have run, and each work has
	 * sent its next request or set its next timer. A work that settles meanwhile ends the wait.
	 */
	const quiet = async (): Promise<void> => {
		for (let idle = 0; idle < IDLE_TURNS && works.size > 0;) {
			if (open.size > 0) {
				await Promise.race([nextRequestEnd, ...works]);
				idle = 0;
				continue;
			}
			await nextTurn();
			idle = open.size === 0 ? idle + 1 : 0;
		}
	};

	/** Drops the works of a loop that cannot go on, and says why. */
	const abandon = (why: string): never => {
		works.clear();
		throw new Error(why);
	};

	const run = async (): Promise<void> => {
		const ownGeneration = generation;
		try {
			await moveWhileWaited(ownGeneration);
		} finally {
			// At once as it ends, so a work driven from now on starts a loop of its own.
			if (ownGeneration === generation) looping = false;
		}
	};

	const moveWhileWaited = async (ownGeneration: number): Promise<void> => {
		const horizon = jest.now() + (options.hangsAfterMs ?? Number.POSITIVE_INFINITY);
		while (works.size > 0) {
			await quiet();
			if (ownGeneration !== generation || works.size === 0) return;
			if (options.withinTest && expect.getState().currentTestName !== installedIn) {
				// The timers stay as they are: the next test may have set its own.
				unsubscribe(REQUEST_START, onRequest);
				installed = false;
				abandon(`the driven work of "${installedIn}" outlived its test`);
			}
			const timerSet = jest.getTimerCount() > 0;
			if (held && timerSet) {
				heldWaiting = true;
				wake(whenWaiting);
				await new Promise<void>((resolve) => whenReleased.push(resolve));
			} else if (timerSet) {
				// At once, before the woken work's next step: the jump is known when the work settles.
				const before = jest.now();
				jest.advanceTimersToNextTimer();
				jumpsMs.push(jest.now() - before);
				if (jest.now() > horizon) {
					// Its timers go with the clock, so no later test's driving wakes what hung here.
					fakeTimers(jest.now());
					abandon(
						`the driven work still waits after ${(options.hangsAfterMs ?? 0) / 60_000} min on the driven clock: it hangs`,
					);
				}
			} else await realDelay(UNTRACKED_WAIT_MS);
		}
	};

	return {
		install(given = {}) {
			generation++;
			works.clear();
			looping = false;
			options = given;
			installedIn = expect.getState().currentTestName;
			jumpsMs.length = 0;
			fakeTimers(given.now ?? Date.now());
			unsubscribe(REQUEST_START, onRequest);
			subscribe(REQUEST_START, onRequest);
			installed = true;
		},
		get installed() {
			return installed;
		},
		async drive(work) {
			const running = work();
			if (!installed) return await running;
			const tracked = running.then(
				() => void works.delete(tracked),
				() => void works.delete(tracked),
			);
			works.add(tracked);
			if (!looping) {
				looping = true;
				loop = run();
				// Its failure reaches the works driven now and settle(); nothing else waits on it.
				loop.catch(() => undefined);
			}
			await Promise.race([tracked, loop]);
			return await running;
		},
		hold() {
			held = true;
		},
		async waiting() {
			if (!heldWaiting) await new Promise<void>((resolve) => whenWaiting.push(resolve));
		},
		release() {
			held = false;
			heldWaiting = false;
			wake(whenReleased);
		},
		async settle() {
			while (looping) await loop;
		},
		uninstall() {
			this.release();
			installed = false;
			unsubscribe(REQUEST_START, onRequest);
			jest.useRealTimers();
		},
		wireEvents: () => wireLog,
		clearWire() {
			wireLog.length = 0;
		},
		jumps: () => jumpsMs,
	};
}
