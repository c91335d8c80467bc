/**
 * The node suites' clock. jest's modern fake timers stand in for Date and the timers (n8n's `sleep`
 * and Retry On Fail's wait, the transport's backoff and pacing, Wait Until Processed's reads, the
 * sandbox's processing and call ends), and time moves only while driven work waits for it: once no
 * HTTP request of this process is in flight, the clock jumps to the next timer. A run's decisions
 * (which request went, after which wait) are what they would be in real time, at once and however
 * busy the machine. What a server answers must not wait for a timer: it would never be answered.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import { setImmediate as nextTurn, setTimeout as realDelay } from 'node:timers/promises';

/** Event loop turns with no request in flight before driven work counts as waiting for the clock. */
const IDLE_TURNS = 3;
/** How often work waiting for neither a request nor a timer (a file read) is looked at again. */
const UNTRACKED_WAIT_MS = 2;

const REQUEST_START = 'http.client.request.start';

export interface DrivenClock {
	/** Installs the fake timers (Date from `now`, else the real time) and counts requests. */
	install(now?: number): void;
	/** Resolves as `work` does, moving the clock (when installed) while driven work waits. */
	drive<T>(work: Promise<T>): Promise<T>;
	/** Keeps the clock where it is until release(), so a test can act between a run's steps. */
	hold(): void;
	/** Resolves once driven work waits for the held clock: no request in flight, a timer set. */
	waiting(): Promise<void>;
	release(): void;
	/** Moves the clock until every driven work has settled. */
	settle(): Promise<void>;
	/** Real timers again; stops counting requests. */
	uninstall(): void;
}

export function createDrivenClock(): DrivenClock {
	const works = new Set<Promise<unknown>>();
	let requestsInFlight = 0;
	let answered: Array<() => void> = [];
	let loop: Promise<void> | undefined;
	let installed = false;
	let held = false;
	let heldWaiting = false;
	const whenWaiting: Array<() => void> = [];
	const whenReleased: Array<() => void> = [];
	const wake = (waiters: Array<() => void>): void => {
		for (const resolve of waiters) resolve();
	};

	const onRequest = (message: unknown): void => {
		const { request } = message as { request: ClientRequest };
		requestsInFlight++;
		request.once('close', () => {
			requestsInFlight--;
			if (requestsInFlight > 0) return;
			const waiting = answered;
			answered = [];
			wake(waiting);
		});
	};

	const allAnswered = (): Promise<void> =>
		requestsInFlight === 0 ? Promise.resolve() : new Promise((resolve) => answered.push(resolve));

	/**
	 * Until nothing is in flight for IDLE_TURNS turns: the answers' handlers have run, and each work
	 * has sent its next request or set its next timer.
	 */
	const quiet = async (): Promise<void> => {
		for (let idle = 0; idle < IDLE_TURNS;) {
			if (requestsInFlight > 0) {
				await allAnswered();
				idle = 0;
				continue;
			}
			await nextTurn();
			idle = requestsInFlight === 0 ? idle + 1 : 0;
		}
	};

	const run = async (): Promise<void> => {
		while (works.size > 0) {
			await quiet();
			if (works.size === 0) break;
			const timerSet = jest.getTimerCount() > 0;
			if (held && timerSet) {
				heldWaiting = true;
				wake(whenWaiting.splice(0));
				await new Promise<void>((resolve) => whenReleased.push(resolve));
			} else if (timerSet) await jest.advanceTimersToNextTimerAsync();
			else await realDelay(UNTRACKED_WAIT_MS);
		}
		loop = undefined;
	};

	return {
		install(now) {
			jest.useFakeTimers({
				now: now ?? Date.now(),
				// The event loop's own queues stay real: sockets, streams and Fastify run on them.
				doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'hrtime', 'performance'],
			});
			subscribe(REQUEST_START, onRequest);
			installed = true;
		},
		async drive(work) {
			const tracked = work.then(
				() => undefined,
				() => undefined,
			);
			works.add(tracked);
			void tracked.then(() => works.delete(tracked));
			if (installed) loop ??= run();
			return await work;
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
			wake(whenReleased.splice(0));
		},
		async settle() {
			while (works.size > 0) await (loop ?? Promise.all(works));
		},
		uninstall() {
			this.release();
			installed = false;
			unsubscribe(REQUEST_START, onRequest);
			jest.useRealTimers();
		},
	};
}
