/**
 * Background work that must not slow the foreground (npm test's runtime installs beside its unit
 * tests): the lowest CPU priority and the idle I/O class, inherited by every process it starts.
 *
 * A detached child is a session of its own, and Linux with autogroup on (most distributions) shares
 * the CPU fairly between sessions and applies nice only inside each one. So nice 19 alone does
 * nothing against the tests; the session's own nice (`/proc/<pid>/autogroup`) must rise too.
 * Measured on a 2-core machine (2026-11-29): a 0.9 s CPU task took 2.7 s beside four detached busy
 * loops at nice 0, 2.7 s with them at nice 19, and 1.0 s with their session at nice 19 as well.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

const LOWEST_NICE = 19;
/** The kernel takes one autogroup change per 100 ms from an unprivileged user, machine-wide. */
const AUTOGROUP_RETRY_MS = 110;
const AUTOGROUP_ATTEMPTS = 50;

function runs(command: string, args: string[]): boolean {
	return spawnSync(command, [...args, 'true'], { stdio: 'ignore' }).status === 0;
}

/**
 * The command prefix that starts a process at the lowest priority: `ionice -c 3` (the idle class;
 * honoured by the BFQ disk scheduler, ignored by others) and `nice -n 19`, each where it works.
 */
export function lowPriorityPrefix(): string[] {
	const ionice = ['ionice', '-c', '3'];
	const nice = ['nice', '-n', String(LOWEST_NICE)];
	return [
		...(runs(ionice[0], ionice.slice(1)) ? ionice : []),
		...(runs(nice[0], nice.slice(1)) ? nice : []),
	];
}

/**
 * After spawning `pid` (detached) with lowPriorityPrefix(): its session's nice goes to 19 too, and
 * without `nice` on the machine its own priority. Best effort: a machine without autogroup, or a
 * process already gone, keeps what it has.
 */
export async function lowerSession(pid: number, prefix: string[]): Promise<void> {
	if (!prefix.includes('nice')) {
		try {
			setPriority(pid, LOWEST_NICE);
		} catch {
			// The process ended meanwhile.
		}
	}
	const autogroup = `/proc/${pid}/autogroup`;
	for (let attempt = 0; attempt < AUTOGROUP_ATTEMPTS && existsSync(autogroup); attempt++) {
		try {
			writeFileSync(autogroup, String(LOWEST_NICE));
			return;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
		}
		await sleep(AUTOGROUP_RETRY_MS);
	}
}

/**
 * The priority back to normal for `pid`'s process group and session once the foreground is done, so
 * the rest of the work competes fairly with whatever else runs on the machine: at the lowest
 * priority, another session's load (measured 2026-11-29: four busy loops at nice 19 in a session at
 * nice 0) held a Node.js download that takes seconds for over 500 s. Lowering a nice takes
 * privilege (root, as in CI); without it the work stays low, best effort.
 */
export function restoreSession(pid: number): void {
	spawnSync('renice', ['-n', '0', '-g', String(pid)], { stdio: 'ignore' });
	spawnSync('ionice', ['-c', '2', '-n', '4', '-P', String(pid)], { stdio: 'ignore' });
	try {
		writeFileSync(`/proc/${pid}/autogroup`, '0');
	} catch {
		// Gone meanwhile, no autogroup, or no privilege to raise a session's priority.
	}
}
