// The real n8n used by `npm start` and the end-to-end tests: where it is installed, how to install it,
// how to load our packed package into a user folder, and how to run its CLI and server.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startN8nProcess } from './n8n-process.cjs';

export { OWNER, ensureOwnerAndLogin, freePort, stopProcessGroup } from './n8n-process.cjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RUNTIME_PACKAGE_JSON = join(ROOT, 'n8n-runtime', 'package.json');
export const PACKAGE_NAME = 'n8n-nodes-famulor-ai';
export const CHROMIUM = '/usr/bin/chromium';

/** The cache dir of this exact n8n-runtime/package.json (a changed pin gets a fresh install). */
export function runtimeDir() {
	const hash = createHash('sha256').update(readFileSync(RUNTIME_PACKAGE_JSON)).digest('hex').slice(0, 12);
	const cacheRoot = process.env.FAMULOR_N8N_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), PACKAGE_NAME);
	return join(cacheRoot, `n8n-${hash}`);
}

export function n8nBin() {
	return join(runtimeDir(), 'node_modules', '.bin', 'n8n');
}

export function isN8nInstalled() {
	return existsSync(n8nBin()) && existsSync(join(runtimeDir(), '.complete'));
}

function log(message) {
	process.stdout.write(`[runtime] ${message}\n`);
}

function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/** Staging dirs of installs that were interrupted (their process is gone) are deleted. */
function removeAbandonedInstalls(dir) {
	const parent = dirname(dir);
	if (!existsSync(parent)) return;
	const prefix = `${basename(dir)}.installing-`;
	for (const entry of readdirSync(parent)) {
		if (!entry.startsWith(prefix)) continue;
		const pid = Number(entry.slice(prefix.length));
		if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) rmSync(join(parent, entry), { recursive: true, force: true });
	}
}

/**
 * Installs n8n into the cache dir unless it is already there. The install goes to a temporary sibling
 * and is renamed when complete, so an interrupted install is never mistaken for a finished one.
 */
export function ensureN8n() {
	const dir = runtimeDir();
	// Installs made before the `.complete` marker existed: a working binary counts as complete.
	if (!existsSync(join(dir, '.complete')) && existsSync(join(dir, 'node_modules', 'n8n', 'package.json')) && existsSync(n8nBin())) {
		writeFileSync(join(dir, '.complete'), new Date().toISOString());
	}
	if (isN8nInstalled()) {
		log(`n8n found in ${dir}`);
		return n8nBin();
	}
	removeAbandonedInstalls(dir);
	const staging = `${dir}.installing-${process.pid}`;
	rmSync(staging, { recursive: true, force: true });
	mkdirSync(staging, { recursive: true });
	copyFileSync(RUNTIME_PACKAGE_JSON, join(staging, 'package.json'));
	log(`installing n8n (pinned in n8n-runtime/package.json) into ${dir}; this takes about 5 minutes once…`);
	const started = Date.now();
	const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: staging, stdio: 'inherit' });
	if (result.status !== 0) {
		rmSync(staging, { recursive: true, force: true });
		throw new Error(`npm install of n8n failed (exit ${result.status}); see the output above`);
	}
	writeFileSync(join(staging, '.complete'), new Date().toISOString());
	rmSync(dir, { recursive: true, force: true });
	renameSync(staging, dir);
	log(`n8n installed in ${Math.round((Date.now() - started) / 1000)} s`);
	return n8nBin();
}

/** Debian's chromium for the editor test; installed with apt-get when missing and we are root. */
export function ensureChromium() {
	if (existsSync(CHROMIUM)) {
		log(`chromium found at ${CHROMIUM}`);
		return CHROMIUM;
	}
	if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
		throw new Error(`${CHROMIUM} is missing. Install it as root: apt-get update && apt-get install -y chromium`);
	}
	log('installing Debian chromium with apt-get…');
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
		const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
		if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
	}
	if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} is still missing`);
	return CHROMIUM;
}

/**
 * Packs the built package (`dist/` must exist) and installs it into `<userFolder>/.n8n/nodes` the way
 * n8n installs community packages, so its types read `n8n-nodes-famulor-ai.famulor`.
 */
export function installPackage(userFolder) {
	if (!existsSync(join(ROOT, 'dist', 'nodes', 'Famulor', 'Famulor.node.js'))) throw new Error('dist/ is missing: run npm run build first');
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const packDir = join(userFolder, 'pack');
	rmSync(packDir, { recursive: true, force: true });
	mkdirSync(packDir, { recursive: true });
	mkdirSync(nodesDir, { recursive: true });
	const pack = spawnSync('npm', ['pack', ROOT, '--pack-destination', packDir, '--silent'], { encoding: 'utf8' });
	if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
	const tgz = readdirSync(packDir).find((file) => file.endsWith('.tgz'));
	if (!tgz) throw new Error('npm pack produced no .tgz');
	if (!existsSync(join(nodesDir, 'package.json'))) {
		writeFileSync(join(nodesDir, 'package.json'), `${JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2)}\n`);
	}
	// --legacy-peer-deps: n8n itself provides n8n-workflow; npm would otherwise fetch the newest one (Node 22 only).
	const install = spawnSync(
		'npm',
		['install', join(packDir, tgz), '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
		{ cwd: nodesDir, encoding: 'utf8' },
	);
	if (install.status !== 0) throw new Error(`installing the package into ${nodesDir} failed: ${install.stderr}`);
	return join(nodesDir, 'node_modules', PACKAGE_NAME);
}

/**
 * Environment for every n8n process on one user folder. The task broker gets its own port so that
 * several n8n processes (npm start next to a test run) do not collide on 5679.
 */
export function n8nEnv({ userFolder, port, brokerPort, filesDir }) {
	const env = {
		...process.env,
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
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
		DB_SQLITE_POOL_SIZE: '2',
	};
	// jest sets NODE_ENV=test, which makes n8n silence its logger (and --rawOutput with it).
	delete env.NODE_ENV;
	delete env.NODE_OPTIONS;
	return env;
}

/** Runs one n8n CLI command to completion; resolves with its output, rejects on a non-zero exit. */
export async function runN8nCli(args, env) {
	return await new Promise((resolve, reject) => {
		const child = spawn(n8nBin(), args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		child.on('error', reject);
		child.on('close', (code) => {
			if (code === 0) resolve({ stdout, stderr });
			else reject(new Error(`n8n ${args.join(' ')} exited with ${code}\n${stdout}\n${stderr}`));
		});
	});
}

/** Copies the files the examples read (examples/files/*) into the folder their `files_dir` points at. */
export function copyExampleFiles(filesDir) {
	mkdirSync(filesDir, { recursive: true });
	const dir = join(ROOT, 'examples', 'files');
	for (const file of readdirSync(dir)) copyFileSync(join(dir, file), join(filesDir, file));
}

/** The examples as imported: every `files_dir` setting points at the given folder. */
export function exampleWorkflows(filesDir) {
	const dir = join(ROOT, 'examples');
	return readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(readFileSync(join(dir, file), 'utf8'));
			for (const node of workflow.nodes) {
				for (const assignment of node.parameters?.assignments?.assignments ?? []) {
					if (assignment.name === 'files_dir') assignment.value = filesDir;
				}
			}
			return { file, workflow };
		});
}

/** The credential every example uses, pointing at a sandbox. */
export const CREDENTIAL_ID = 'famulorSandbox01';
export const CREDENTIAL_NAME = 'Famulor AI sandbox (alice)';

export function sandboxCredential(baseUrl, apiToken) {
	return { id: CREDENTIAL_ID, name: CREDENTIAL_NAME, type: 'famulorAiApi', data: { apiToken, baseUrl } };
}

/** Imports the credential and the examples into the user folder's database (replacing earlier copies). */
export async function importExamples({ env, userFolder, baseUrl, apiToken, filesDir }) {
	const importDir = join(userFolder, 'import');
	rmSync(importDir, { recursive: true, force: true });
	mkdirSync(join(importDir, 'workflows'), { recursive: true });
	writeFileSync(join(importDir, 'credentials.json'), JSON.stringify([sandboxCredential(baseUrl, apiToken)], null, 2));
	const workflows = exampleWorkflows(filesDir);
	for (const { file, workflow } of workflows) writeFileSync(join(importDir, 'workflows', file), JSON.stringify(workflow, null, 2));
	await runN8nCli(['import:credentials', `--input=${join(importDir, 'credentials.json')}`], env);
	await runN8nCli(['import:workflow', '--separate', `--input=${join(importDir, 'workflows')}`], env);
	return workflows.map(({ workflow }) => workflow);
}

/** Starts `n8n start` of the cached n8n in its own process group; resolves when the REST API answers. */
export async function startN8nServer(env, options = {}) {
	return await startN8nProcess(n8nBin(), env, options);
}
