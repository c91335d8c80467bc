/**
 * What n8n in queue mode needs besides itself on this machine: a throwaway Postgres and Redis (own data
 * folders in a temp dir, loopback ports, stopped and deleted afterwards). The queue-mode tests and the
 * benchmark start n8n's processes on them through harness/cluster.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureRedis, postgresBinDir } from './install';
import { freePort, sleep, stopProcessGroup } from './process';
import type { QueueServices } from './userFolder';

export interface RunningServices extends QueueServices {
	stop(): Promise<void>;
}

function isRoot(): boolean {
	return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Postgres refuses to run as root: as root, its commands run as the `postgres` user (Debian's package creates it). */
function asPostgresUser(bin: string, args: string[]): { file: string; args: string[] } {
	return isRoot()
		? { file: 'runuser', args: ['-u', 'postgres', '--', bin, ...args] }
		: { file: bin, args };
}

function postgresUid(): { uid: number; gid: number } | undefined {
	if (!isRoot()) return undefined;
	const id = (flag: string) =>
		Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
	const uid = id('-u');
	if (!Number.isInteger(uid) || uid <= 0)
		throw new Error('running as root, but there is no `postgres` user to run Postgres as');
	return { uid, gid: id('-g') };
}

function daemon(file: string, args: string[]): { child: ChildProcess; output: () => string } {
	const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
	let output = '';
	const collect = (chunk: Buffer) => {
		output = (output + chunk.toString()).slice(-50_000);
	};
	child.stdout?.on('data', collect);
	child.stderr?.on('data', collect);
	return { child, output: () => output };
}

async function waitUntil(
	what: string,
	ready: () => boolean,
	child: ChildProcess,
	output: () => string,
	// Only catches a hang: a busy machine may take long to start a server.
	timeoutMs = 120_000,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!ready()) {
		if (child.exitCode !== null)
			throw new Error(`${what} exited with ${child.exitCode}\n${output()}`);
		if (Date.now() > deadline)
			throw new Error(`${what} did not start within ${timeoutMs / 1000} s\n${output()}`);
		await sleep(250);
	}
}

async function startPostgres(
	dir: string,
): Promise<{ config: QueueServices['postgres']; child: ChildProcess }> {
	const bin = postgresBinDir();
	const owner = postgresUid();
	mkdirSync(dir, { recursive: true });
	if (owner) chownSync(dir, owner.uid, owner.gid);
	chmodSync(dir, 0o700);
	const data = join(dir, 'data');
	const init = asPostgresUser(join(bin, 'initdb'), [
		'-D',
		data,
		'-U',
		'n8n',
		'--auth=trust',
		'-E',
		'UTF8',
		'--no-sync',
	]);
	const initResult = spawnSync(init.file, init.args, { encoding: 'utf8' });
	if (initResult.status !== 0) throw new Error(`initdb failed: ${initResult.stderr}`);
	const port = await freePort();
	const server = asPostgresUser(join(bin, 'postgres'), [
		'-D',
		data,
		'-p',
		String(port),
		'-h',
		'127.0.0.1',
		'-k',
		dir,
		'-c',
		'fsync=off',
		'-c',
		'max_connections=200',
	]);
	const { child, output } = daemon(server.file, server.args);
	const isReady = () =>
		spawnSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).status === 0;
	await waitUntil('postgres', isReady, child, output);
	const created = spawnSync(
		join(bin, 'createdb'),
		['-h', '127.0.0.1', '-p', String(port), '-U', 'n8n', 'n8n'],
		{ encoding: 'utf8' },
	);
	if (created.status !== 0) throw new Error(`createdb failed: ${created.stderr}`);
	return {
		config: { host: '127.0.0.1', port, database: 'n8n', user: 'n8n', password: 'n8n' },
		child,
	};
}

async function startRedis(
	dir: string,
): Promise<{ config: QueueServices['redis']; child: ChildProcess }> {
	const bin = ensureRedis();
	mkdirSync(dir, { recursive: true });
	const port = await freePort();
	const { child, output } = daemon(bin, [
		'--port',
		String(port),
		'--bind',
		'127.0.0.1',
		'--dir',
		dir,
		'--save',
		'',
		'--appendonly',
		'no',
	]);
	await waitUntil(
		'redis-server',
		() => output().includes('Ready to accept connections'),
		child,
		output,
	);
	return { config: { host: '127.0.0.1', port }, child };
}

/** A fresh Postgres and Redis; `stop()` ends both and deletes their data. */
export async function startQueueServices(): Promise<RunningServices> {
	const dir = mkdtempSync(join(tmpdir(), 'famulor-queue-'));
	chmodSync(dir, 0o755);
	const started: ChildProcess[] = [];
	const stop = async () => {
		await Promise.all(started.map((child) => stopProcessGroup(child)));
		rmSync(dir, { recursive: true, force: true });
	};
	try {
		const postgres = await startPostgres(join(dir, 'postgres'));
		started.push(postgres.child);
		const redis = await startRedis(join(dir, 'redis'));
		started.push(redis.child);
		return { postgres: postgres.config, redis: redis.config, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}
