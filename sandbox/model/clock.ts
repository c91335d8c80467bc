/**
 * Injectable clock for the sandbox.
 *
 * - realTime (default): now() = Date.now() + offset; scheduled tasks also fire from real timers.
 * - manual (realTime:false): now() = start + offset; tasks only run on advance().
 *
 * advance(ms) runs every task that falls due inside the advanced span, in due order, stepping
 * now() to each task's due time while it runs, and awaits each task (so a webhook delivery or a
 * call end triggered by advance() has finished when advance() resolves).
 */

export interface SandboxClock {
	now(): number;
	advance(ms: number): Promise<void>;
}

export type ClockTask = () => unknown;

export interface ScheduledClock extends SandboxClock {
	readonly realTime: boolean;
	/** Runs fn once now() >= now()+delayMs. Returns a cancel function. */
	schedule(delayMs: number, fn: ClockTask): () => void;
	/** Number of tasks still waiting. */
	pending(): number;
	/** Clears every real timer (tasks stay queued for advance()). */
	dispose(): void;
}

interface Task {
	id: number;
	at: number;
	fn: ClockTask;
	timer?: ReturnType<typeof setTimeout>;
}

export function createClock(opts: { start?: number; realTime?: boolean } = {}): ScheduledClock {
	const realTime = opts.realTime ?? true;
	const start = opts.start ?? Date.UTC(2026, 0, 15, 9, 0, 0);
	let offset = 0;
	let nextId = 1;
	const tasks: Task[] = [];

	const now = (): number => (realTime ? Date.now() : start) + offset;

	const removeTask = (task: Task): boolean => {
		const i = tasks.indexOf(task);
		if (i < 0) return false;
		tasks.splice(i, 1);
		if (task.timer) clearTimeout(task.timer);
		return true;
	};

	const runTask = async (task: Task): Promise<void> => {
		try {
			await task.fn();
		} catch (err) {
			// A failing task must not break the clock.
			console.error('[sandbox clock] task failed:', err);
		}
	};

	const earliestDue = (limit: number): Task | undefined => {
		let best: Task | undefined;
		for (const t of tasks) {
			if (t.at <= limit && (!best || t.at < best.at || (t.at === best.at && t.id < best.id)))
				best = t;
		}
		return best;
	};

	const runDue = async (): Promise<void> => {
		for (;;) {
			const t = earliestDue(now());
			if (!t) return;
			removeTask(t);
			await runTask(t);
		}
	};

	const armTimer = (task: Task): void => {
		if (!realTime) return;
		const delay = Math.max(0, task.at - now());
		task.timer = setTimeout(
			() => {
				task.timer = undefined;
				// Timers run on a monotonic clock and may fire a millisecond before Date.now() reaches `at`.
				if (task.at > now()) return armTimer(task);
				void runDue();
			},
			Math.min(delay, 2 ** 31 - 1),
		);
		task.timer.unref?.();
	};

	let chain: Promise<void> = Promise.resolve();

	const clock: ScheduledClock = {
		realTime,
		now,
		advance(ms: number): Promise<void> {
			if (!Number.isFinite(ms) || ms < 0)
				return Promise.reject(new Error('advance(ms) needs ms >= 0'));
			const step = async (): Promise<void> => {
				const target = now() + ms;
				for (;;) {
					const t = earliestDue(target);
					if (!t) break;
					if (t.at > now()) offset += t.at - now();
					removeTask(t);
					await runTask(t);
				}
				if (target > now()) offset += target - now();
				// Real timers of remaining tasks were armed for the old time; re-arm them.
				for (const t of tasks) {
					if (t.timer) {
						clearTimeout(t.timer);
						armTimer(t);
					}
				}
			};
			chain = chain.then(step, step);
			return chain;
		},
		schedule(delayMs: number, fn: ClockTask): () => void {
			const task: Task = { id: nextId++, at: now() + Math.max(0, delayMs), fn };
			tasks.push(task);
			armTimer(task);
			return () => {
				removeTask(task);
			};
		},
		pending: () => tasks.length,
		dispose(): void {
			for (const t of tasks) {
				if (t.timer) clearTimeout(t.timer);
				t.timer = undefined;
			}
		},
	};
	return clock;
}
