/**
 * The user folder of a cluster (./cluster.ts) and what it runs against: the in-process sandbox and,
 * in queue mode, Postgres and Redis. Without a queue and with the default credential the folder is a
 * copy of this process' prepared one (./preparedFolder.ts) when there is one, as the database is then
 * in the folder; else it is prepared here: packed package installed, credential and examples imported.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
	freePort,
	importExamples,
	importIntoN8n,
	installPackage,
	n8nEnv,
	prepareFilesDir,
	startQueueServices,
	type MatrixEntry,
	type RunningServices,
} from '../runtime';
import { startSandbox, type StartedSandbox } from '../sandbox';
import type { ClusterOptions } from './cluster';
import { runFolder, type RunFolder } from './preparedFolder';

export interface ClusterLayout {
	userFolder: string;
	filesDir: string;
	/** Queue mode's Postgres and Redis, and the webhook process' port. */
	queue?: { services: RunningServices; webhookPort: number };
}

export interface ClusterFolder extends ClusterLayout {
	/** The main process' port and environment (the CLI's too). */
	port: number;
	env: NodeJS.ProcessEnv;
	sandbox: StartedSandbox;
	/** Stops the services and the sandbox; deletes the folder (or frees the prepared one). */
	release(): Promise<void>;
}

/** One process' environment on the folder: its own port and task-broker port, and `extra`. */
export async function roleEnv(
	layout: ClusterLayout,
	port: number,
	extra: NodeJS.ProcessEnv = {},
): Promise<NodeJS.ProcessEnv> {
	return {
		...n8nEnv({
			userFolder: layout.userFolder,
			port,
			brokerPort: await freePort(),
			filesDir: layout.filesDir,
			queue: layout.queue?.services,
			webhookPort: layout.queue?.webhookPort,
		}),
		...extra,
	};
}

/** The sandbox, on the port the prepared folder's credential points at when that port is free. */
async function startClusterSandbox(
	run: RunFolder | undefined,
	options: ClusterOptions['sandbox'],
): Promise<{ sandbox: StartedSandbox; onTemplatePort: boolean }> {
	const start = async (port: number) =>
		await startSandbox({ callDurationMs: 0, generalRateLimit: false, ...options, port });
	const onTemplatePort =
		run?.sandboxPort === undefined
			? undefined
			: await start(run.sandboxPort).catch(() => undefined);
	if (onTemplatePort) return { sandbox: onTemplatePort, onTemplatePort: true };
	try {
		return { sandbox: await start(0), onTemplatePort: false };
	} catch (error) {
		run?.release();
		throw error;
	}
}

export async function prepareClusterFolder(
	entry: MatrixEntry,
	options: ClusterOptions,
): Promise<ClusterFolder> {
	const queued = options.workers !== undefined;
	const run = queued || options.credentialSettings ? undefined : runFolder(entry);
	const { sandbox, onTemplatePort } = await startClusterSandbox(run, options.sandbox);
	const userFolder = run?.userFolder ?? mkdtempSync(join(tmpdir(), 'famulor-n8n-'));
	let services: RunningServices | undefined;
	const release = async () => {
		await services?.stop();
		await sandbox.stop();
		if (run) run.release();
		else rmSync(userFolder, { recursive: true, force: true });
	};
	try {
		services = queued ? await startQueueServices() : undefined;
		const filesDir = join(userFolder, 'files');
		const queue = services && { services, webhookPort: await freePort() };
		const port = await freePort();
		const env = await roleEnv(
			{ userFolder, filesDir, queue },
			port,
			queue ? { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' } : {},
		);
		if (onTemplatePort) run?.copy();
		else {
			prepareFilesDir(filesDir);
			installPackage(userFolder);
			await importExamples(entry, {
				env,
				userFolder,
				baseUrl: sandbox.url,
				apiToken: sandbox.tokens.alice,
				filesDir,
				credentialSettings: options.credentialSettings,
			});
			if (run?.sandboxPort === undefined) run?.keep(Number(new URL(sandbox.url).port));
		}
		const { credentials = [], workflows = [] } = options;
		if (credentials.length + workflows.length > 0)
			await importIntoN8n(entry, env, { userFolder, credentials, workflows });
		return { userFolder, filesDir, queue, port, env, sandbox, release };
	} catch (error) {
		await release();
		throw error;
	}
}
