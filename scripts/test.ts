/**
 * `npm test`: everything CI runs. What a fresh machine lacks for the end-to-end tests (each matrix
 * entry's Node.js and n8n, chromium, redis-server, postgres) installs in the background while lint,
 * typecheck, build and the unit tests run: most of an install is download and unpacking, so the two
 * overlap well, and the installs run at the lowest CPU and I/O priority (scripts/lowPriority.ts),
 * taking only what the tests leave. Lint, typecheck and build read only the sources and write
 * nothing another of them reads, so they run side by side, each one's output shown when it ends;
 * the unit tests follow (they read dist/). The end-to-end suite (scripts/test-e2e.ts) starts once
 * every install has finished. Each install writes its output to test-results/runtime-<name>.log; a
 * failed one prints its tail.
 * Arguments go to the end-to-end runner (e.g. `npm test -- --full`).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { MATRIX, ROOT, log, n8nInstalled } from '../runtime';
import { lowPriorityPrefix, lowerSession, restoreSession } from './lowPriority';

const LOG_DIR = join(ROOT, 'test-results');
const FAILED_LOG_TAIL_LINES = 40;
/** Side by side: none reads what another writes (build writes only dist/, which the others ignore). */
const CHECKS = ['lint', 'typecheck', 'build'];
const UNIT_TESTS = 'test:unit';

interface Install {
	name: string;
	logFile: string;
	done: Promise<number | null>;
	/** Back to normal priority: the unit tests are done, and what is left waits for the installs. */
	restorePriority(): void;
	stop(): void;
}

/**
 * One `ensure-runtime` process in a process group of its own, at the lowest priority, which npm and
 * apt-get beneath it inherit.
 */
function startInstall(name: string, args: string[], priority: string[]): Install {
	const logFile = join(LOG_DIR, `runtime-${name}.log`);
	const fd = openSync(logFile, 'w');
	const [command, ...commandArgs] = [
		...priority,
		process.execPath,
		'--import',
		'tsx',
		join(ROOT, 'scripts', 'ensure-runtime.ts'),
		...args,
	];
	const child = spawn(command, commandArgs, {
		cwd: ROOT,
		stdio: ['ignore', fd, fd],
		detached: true,
	});
	closeSync(fd);
	if (child.pid !== undefined) void lowerSession(child.pid, priority);
	const done = new Promise<number | null>((resolve) => {
		child.on('exit', (code) => resolve(code));
		child.on('error', () => resolve(null));
	});
	const stop = () => {
		if (child.pid === undefined || child.exitCode !== null) return;
		try {
			process.kill(-child.pid, 'SIGTERM');
		} catch {
			// The group ended meanwhile.
		}
	};
	const restorePriority = () => {
		if (child.pid !== undefined && child.exitCode === null) restoreSession(child.pid);
	};
	return { name, logFile, done, restorePriority, stop };
}

function startInstalls(): Install[] {
	mkdirSync(LOG_DIR, { recursive: true });
	const priority = lowPriorityPrefix();
	const installs = MATRIX.filter((entry) => !n8nInstalled(entry)).map((entry) =>
		startInstall(entry.id, ['--entry', entry.id], priority),
	);
	// apt-get allows one process at a time, so the Debian packages install in one process of their own.
	installs.push(startInstall('debian-packages', ['--chromium', '--redis'], priority));
	for (const install of installs)
		log(
			`installing ${install.name} in the background at the lowest priority (output: ${install.logFile})`,
		);
	return installs;
}

async function run(command: string, args: string[]): Promise<boolean> {
	const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
	return await new Promise<boolean>((resolve) => {
		child.on('exit', (code) => resolve(code === 0));
		child.on('error', () => resolve(false));
	});
}

/** `npm run <script>` with its output held back and printed in one piece when it ends. */
async function runHeld(script: string): Promise<boolean> {
	const started = Date.now();
	const child = spawn('npm', ['run', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
	const output: Buffer[] = [];
	child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
	child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
	const ok = await new Promise<boolean>((resolve) => {
		child.on('close', (code) => resolve(code === 0));
		child.on('error', () => resolve(false));
	});
	process.stdout.write(Buffer.concat(output));
	log(`${script} ${ok ? 'passed' : 'FAILED'} in ${seconds(started)} s`);
	return ok;
}

/** Waits for every install; false after printing the tail of each failed one's log. */
async function installsSucceeded(installs: Install[]): Promise<boolean> {
	const codes = await Promise.all(installs.map(async (install) => await install.done));
	const failed = installs.filter((_, index) => codes[index] !== 0);
	for (const install of failed) {
		const lines = readFileSync(install.logFile, 'utf8').trimEnd().split('\n');
		process.stderr.write(
			`installing ${install.name} failed; the end of ${install.logFile}:\n` +
				`${lines.slice(-FAILED_LOG_TAIL_LINES).join('\n')}\n`,
		);
	}
	return failed.length === 0;
}

async function main(): Promise<number> {
	const started = Date.now();
	const installs = startInstalls();
	// The installs run in process groups of their own, which Ctrl-C on this one does not reach.
	for (const signal of ['SIGINT', 'SIGTERM'] as const)
		process.once(signal, () => {
			for (const install of installs) install.stop();
			process.exit(1);
		});
	const checked = await Promise.all(CHECKS.map(runHeld));
	if (!checked.every(Boolean) || !(await run('npm', ['run', UNIT_TESTS]))) {
		for (const install of installs) install.stop();
		return 1;
	}
	log(
		`lint, typecheck, build and unit tests passed after ${seconds(started)} s; waiting for installs`,
	);
	for (const install of installs) install.restorePriority();
	if (!(await installsSucceeded(installs))) return 1;
	log(`installs ready after ${seconds(started)} s`);
	const e2e = await run(process.execPath, [
		'--import',
		'tsx',
		join(ROOT, 'scripts', 'test-e2e.ts'),
		...process.argv.slice(2),
	]);
	log(`npm test ${e2e ? 'passed' : 'FAILED'} after ${seconds(started)} s`);
	return e2e ? 0 : 1;
}

function seconds(since: number): number {
	return Math.round((Date.now() - since) / 1000);
}

main().then(
	(code) => process.exit(code),
	(error: unknown) => {
		process.stderr.write(`npm test: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	},
);
