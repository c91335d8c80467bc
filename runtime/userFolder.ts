/**
 * An n8n user folder with this package in it: the packed package installed as a community package, the
 * environment every n8n process on the folder shares, and the sandbox credential plus the examples.
 */
import { spawnSync } from 'node:child_process';
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

import { PACKAGE_NAME } from './install';
import type { MatrixEntry } from './matrix';
import { runN8nCliOrThrow } from './process';

export const ROOT = join(__dirname, '..');

/** `npm pack` of the built package (this one, or a copy at `packageRoot`) into `destination`; returns the tarball's path. */
export function packPackage(destination: string, packageRoot = ROOT): string {
	if (!existsSync(join(packageRoot, 'dist', 'nodes', 'Famulor', 'Famulor.node.js')))
		throw new Error('dist/ is missing: run npm run build first');
	rmSync(destination, { recursive: true, force: true });
	mkdirSync(destination, { recursive: true });
	const pack = spawnSync(
		'npm',
		['pack', packageRoot, '--pack-destination', destination, '--silent'],
		{
			encoding: 'utf8',
		},
	);
	if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
	const tgz = readdirSync(destination).find((file) => file.endsWith('.tgz'));
	if (!tgz) throw new Error('npm pack produced no .tgz');
	return join(destination, tgz);
}

/**
 * Packs the built package and installs it into `<userFolder>/.n8n/nodes` the way n8n installs community
 * packages, so its node types read `n8n-nodes-famulor-ai.famulor`. Returns the installed folder.
 */
export function installPackage(userFolder: string): string {
	const tgz = packPackage(join(userFolder, 'pack'));
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	if (!existsSync(join(nodesDir, 'package.json'))) {
		writeFileSync(
			join(nodesDir, 'package.json'),
			`${JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2)}\n`,
		);
	}
	// --legacy-peer-deps: n8n itself provides n8n-workflow; npm would otherwise fetch the newest one.
	const install = spawnSync(
		'npm',
		[
			'install',
			tgz,
			'--legacy-peer-deps',
			'--ignore-scripts',
			'--no-audit',
			'--no-fund',
			'--loglevel=error',
		],
		{
			cwd: nodesDir,
			encoding: 'utf8',
		},
	);
	if (install.status !== 0)
		throw new Error(`installing the package into ${nodesDir} failed: ${install.stderr}`);
	return join(nodesDir, 'node_modules', PACKAGE_NAME);
}

/** Postgres and Redis of a queue-mode setup (see ./queue.ts). */
export interface QueueServices {
	postgres: { host: string; port: number; database: string; user: string; password: string };
	redis: { host: string; port: number };
}

export interface N8nEnvOptions {
	userFolder: string;
	/** N8N_PORT: the main process' port (and the URL webhooks are registered with). */
	port: number;
	brokerPort: number;
	filesDir: string;
	/** Queue mode: executions go through Redis to workers; the database is Postgres. */
	queue?: QueueServices;
	/** The port of the webhook process when there is one: production webhooks are registered with it. */
	webhookPort?: number;
}

/**
 * Environment for every n8n process on one user folder. The task broker gets its own port so that
 * several n8n processes (npm start next to a test run) do not collide on 5679.
 */
export function n8nEnv(options: N8nEnvOptions): NodeJS.ProcessEnv {
	const { userFolder, port, brokerPort, filesDir, queue } = options;
	const webhookBase = `http://127.0.0.1:${options.webhookPort ?? port}/`;
	const env: NodeJS.ProcessEnv = {
		...process.env,
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		WEBHOOK_URL: webhookBase,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_RESTRICT_FILE_ACCESS_TO: filesDir,
		// 1.x: the task runner is opt-in there; 2.x ignores the variable (always on).
		N8N_RUNNERS_ENABLED: 'true',
		DB_SQLITE_POOL_SIZE: '2',
	};
	if (queue) {
		Object.assign(env, {
			EXECUTIONS_MODE: 'queue',
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			QUEUE_BULL_REDIS_HOST: queue.redis.host,
			QUEUE_BULL_REDIS_PORT: String(queue.redis.port),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: queue.postgres.host,
			DB_POSTGRESDB_PORT: String(queue.postgres.port),
			DB_POSTGRESDB_DATABASE: queue.postgres.database,
			DB_POSTGRESDB_USER: queue.postgres.user,
			DB_POSTGRESDB_PASSWORD: queue.postgres.password,
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
		});
		delete env.DB_SQLITE_POOL_SIZE;
	}
	// jest sets NODE_ENV=test, which makes n8n silence its logger (and --rawOutput with it).
	delete env.NODE_ENV;
	delete env.NODE_OPTIONS;
	return env;
}

/** The credential every example uses, pointing at a sandbox. */
export const CREDENTIAL_ID = 'famulorSandbox01';
export const CREDENTIAL_NAME = 'Famulor AI sandbox (alice)';

/** `settings`: more of the credential's fields, e.g. its Custom Rate Limits. */
export function sandboxCredential(
	baseUrl: string,
	apiToken: string,
	id = CREDENTIAL_ID,
	name = CREDENTIAL_NAME,
	settings: Record<string, unknown> = {},
) {
	return { id, name, type: 'famulorAiApi', data: { ...settings, apiToken, baseUrl } };
}

export interface ExampleWorkflow {
	file: string;
	workflow: {
		id: string;
		name: string;
		nodes: Array<{
			parameters?: { assignments?: { assignments?: Array<{ name: string; value: unknown }> } };
		}>;
	};
}

/** The examples as imported: every `files_dir` setting points at the given folder. */
export function exampleWorkflows(filesDir: string): ExampleWorkflow[] {
	const dir = join(ROOT, 'examples');
	return readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(
				readFileSync(join(dir, file), 'utf8'),
			) as ExampleWorkflow['workflow'];
			for (const node of workflow.nodes) {
				for (const assignment of node.parameters?.assignments?.assignments ?? []) {
					if (assignment.name === 'files_dir') assignment.value = filesDir;
				}
			}
			return { file, workflow };
		});
}

/** The folder the examples read and write, with every file they read (examples/files: the FAQ example 4 uploads, the leads CSV of example 7). */
export function prepareFilesDir(filesDir: string): void {
	mkdirSync(filesDir, { recursive: true });
	const dir = join(ROOT, 'examples', 'files');
	for (const file of readdirSync(dir)) copyFileSync(join(dir, file), join(filesDir, file));
}

/** Imports credentials and workflows with n8n's CLI (replacing earlier copies with the same ids). */
export async function importIntoN8n(
	entry: MatrixEntry,
	env: NodeJS.ProcessEnv,
	{
		userFolder,
		credentials,
		workflows,
	}: {
		userFolder: string;
		credentials: unknown[];
		workflows: Array<{ file: string; workflow: unknown }>;
	},
): Promise<void> {
	const importDir = join(userFolder, 'import');
	rmSync(importDir, { recursive: true, force: true });
	mkdirSync(join(importDir, 'workflows'), { recursive: true });
	writeFileSync(join(importDir, 'credentials.json'), JSON.stringify(credentials, null, 2));
	for (const { file, workflow } of workflows)
		writeFileSync(join(importDir, 'workflows', file), JSON.stringify(workflow, null, 2));
	if (credentials.length > 0)
		await runN8nCliOrThrow(
			entry,
			['import:credentials', `--input=${join(importDir, 'credentials.json')}`],
			env,
		);
	if (workflows.length > 0)
		await runN8nCliOrThrow(
			entry,
			['import:workflow', '--separate', `--input=${join(importDir, 'workflows')}`],
			env,
		);
}

/** Imports the sandbox credential and the examples into the user folder's database. */
export async function importExamples(
	entry: MatrixEntry,
	{
		env,
		userFolder,
		baseUrl,
		apiToken,
		filesDir,
		credentialSettings,
	}: {
		env: NodeJS.ProcessEnv;
		userFolder: string;
		baseUrl: string;
		apiToken: string;
		filesDir: string;
		/** More of the credential's fields (sandboxCredential). */
		credentialSettings?: Record<string, unknown>;
	},
): Promise<ExampleWorkflow['workflow'][]> {
	const workflows = exampleWorkflows(filesDir);
	await importIntoN8n(entry, env, {
		userFolder,
		credentials: [
			sandboxCredential(baseUrl, apiToken, CREDENTIAL_ID, CREDENTIAL_NAME, credentialSettings),
		],
		workflows,
	});
	return workflows.map(({ workflow }) => workflow);
}
