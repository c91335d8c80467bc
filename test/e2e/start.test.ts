/**
 * `npm start` stops everything it started whenever it is told to, start-up included: Ctrl-C (SIGINT
 * to the terminal's whole process group) while n8n is starting, and SIGTERM (to npm start alone) while
 * the credential and examples are being imported. Afterwards no process it started is left: none of its descendants
 * seen just before the signal, none in their process groups, none with its environment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ROOT, freePort, waitFor } from '../../runtime';
import { ON_N8N } from '../../harness/cluster';

interface Proc {
	pid: number;
	ppid: number;
	pgrp: number;
}

function processes(): Proc[] {
	const found: Proc[] = [];
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
			// "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses.
			const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			// A zombie has ended; only its exit status waits for a parent (or init) to collect it.
			if (state !== 'Z' && state !== 'X')
				found.push({ pid: Number(name), ppid: Number(ppid), pgrp: Number(pgrp) });
		} catch {
			// gone meanwhile
		}
	}
	return found;
}

function descendants(root: number): Proc[] {
	const all = processes();
	const out: Proc[] = [];
	const parents = new Set([root]);
	for (let grew = true; grew;) {
		grew = false;
		for (const proc of all)
			if (parents.has(proc.ppid) && !parents.has(proc.pid)) {
				parents.add(proc.pid);
				out.push(proc);
				grew = true;
			}
	}
	return out;
}

function environHas(pid: number, marker: string): boolean {
	try {
		return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marker);
	} catch {
		return false;
	}
}

interface Run {
	child: ChildProcess;
	output: () => string;
	marker: string;
	exited: Promise<number | null>;
}

/** What `promise` resolves to, or `otherwise` after `ms`; the timer does not outlive the answer. */
async function within<T, U>(ms: number, promise: Promise<T>, otherwise: U): Promise<T | U> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const late = new Promise<U>((resolve) => (timer = setTimeout(() => resolve(otherwise), ms)));
	try {
		return await Promise.race([promise, late]);
	} finally {
		clearTimeout(timer);
	}
}

const dirs: string[] = [];
const runs: Run[] = [];

async function startNpmStart(): Promise<Run> {
	const dir = mkdtempSync(join(tmpdir(), 'famulor-start-'));
	dirs.push(dir);
	const marker = `FAMULOR_LOCAL_DIR=${dir}`;
	const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start.ts')], {
		cwd: ROOT,
		env: {
			...process.env,
			FAMULOR_LOCAL_DIR: dir,
			N8N_PORT: String(await freePort()),
			SANDBOX_PORT: String(await freePort()),
		},
		stdio: ['ignore', 'pipe', 'pipe'],
		// Its own process group, as a terminal gives `npm start`: Ctrl-C signals the whole group.
		detached: true,
	});
	let output = '';
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
	const run = { child, output: () => output, marker, exited };
	runs.push(run);
	return run;
}

/** Signals at the step, waits for npm start to exit, and returns what is left of what it started. */
async function signalDuring(step: string, signal: 'SIGTERM' | 'ctrl-c'): Promise<string[]> {
	const run = await startNpmStart();
	const pid = run.child.pid!;
	// Building, packing and installing the package come first: minutes on a busy machine.
	await waitFor(
		`npm start to reach "${step}"`,
		async () => (run.output().includes(step) ? true : undefined),
		240_000,
	);
	// Let the step's process get going (n8n loading, the import CLI running).
	await waitFor('the step to start a process', async () =>
		descendants(pid).length >= 2 ? true : undefined,
	);
	const seen = descendants(pid);
	if (signal === 'SIGTERM') process.kill(pid, 'SIGTERM');
	else process.kill(-pid, 'SIGINT');
	// However long stopping takes on a busy machine; a hang is the test's timeout.
	expect(await run.exited).toBe(0);
	expect(run.output()).toContain('Stopping n8n and the sandbox…');
	expect(run.output()).not.toContain('npm start failed');
	const groups = new Set([pid, ...seen.map((proc) => proc.pgrp)]);
	const seenPids = new Set(seen.map((proc) => proc.pid));
	const left = () =>
		processes().filter(
			(proc) => seenPids.has(proc.pid) || groups.has(proc.pgrp) || environHas(proc.pid, run.marker),
		);
	// A process killed a moment ago may still be on its way out; one left behind stays.
	await waitFor(
		'what npm start started to be gone',
		async () => (left().length === 0 ? true : undefined),
		30_000,
	).catch(() => undefined);
	return left().map((proc) => {
		try {
			return `${proc.pid}: ${readFileSync(`/proc/${proc.pid}/cmdline`, 'utf8').replace(/\0/g, ' ')}`;
		} catch {
			return `${proc.pid}: (gone while listed)`;
		}
	});
}

/** After a failed test: npm start told to stop, then whatever it left behind (found by its environment) killed. */
afterAll(async () => {
	for (const run of runs) {
		if (run.child.exitCode === null) {
			process.kill(run.child.pid!, 'SIGTERM');
			await within(30_000, run.exited, undefined);
		}
		for (const proc of processes())
			if (environHas(proc.pid, run.marker))
				try {
					process.kill(proc.pid, 'SIGKILL');
				} catch {
					// gone meanwhile
				}
	}
	for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 120_000);

test(`${ON_N8N}: Ctrl-C while n8n starts up stops everything npm start started`, async () => {
	expect(await signalDuring('starting n8n on port', 'ctrl-c')).toEqual([]);
}, 300_000);

test(`${ON_N8N}: SIGTERM while the examples are imported stops everything npm start started`, async () => {
	expect(await signalDuring('importing the credential', 'SIGTERM')).toEqual([]);
}, 300_000);
