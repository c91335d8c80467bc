/**
 * npm start: build, pack and install this package into a project-local n8n user folder, start the
 * sandbox and a real n8n with a ready credential and the example workflows, print how to log in.
 * Ctrl-C or SIGTERM stops everything it started, at any moment (start-up included): every child is
 * started through spawnTracked. The sandbox keeps its state beside n8n's user folder, so published
 * triggers' webhooks survive a restart. Ports: N8N_PORT (5678), SANDBOX_PORT (3456). The n8n version:
 * N8N_VERSION (a matrix id such as `1.x`, `2.8`, `2.x`, or its exact version; default the newest).
 * FAMULOR_LOCAL_DIR moves `.n8n-local/` (the tests start it in a temporary folder).
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

import {
	CREDENTIAL_NAME,
	OWNER,
	ROOT,
	ensureOwnerAndLogin,
	exampleWorkflows,
	freePort,
	importExamples,
	installPackage,
	matrixEntry,
	n8nEnv,
	n8nInstalled,
	prepareFilesDir,
	sleep,
	spawnTracked,
	startN8nProcess,
	stopStarted,
	type MatrixEntry,
} from '../runtime';

const N8N_PORT = Number(process.env.N8N_PORT ?? 5678);
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 3456);
// Calls end by themselves after a minute, which leaves time to end one through the controls instead.
const CALL_DURATION_MS = 60_000;
const ALICE_TOKEN = 'sbx_alice_4f1c9e2b7a5d3068c1e4';
const CONTROL_TOKEN = 'sbx_control_7e3a5c9f1b2d4086';
const LOCAL = process.env.FAMULOR_LOCAL_DIR ?? join(ROOT, '.n8n-local');
const FILES_DIR = join(LOCAL, 'files');

let stopping = false;

function step(message: string): void {
	process.stdout.write(`▸ ${message}\n`);
}

async function portIsFree(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

async function stopAll(code: number): Promise<void> {
	if (stopping) return;
	stopping = true;
	process.stdout.write('\nStopping n8n and the sandbox…\n');
	await stopStarted();
	process.exit(code);
}

/** A command in its own process group, ended by stopAll whenever it comes; rejects when it fails. */
async function run(what: string, file: string, args: string[]): Promise<void> {
	const child = spawnTracked(file, args, { cwd: ROOT, stdio: 'inherit', detached: true });
	const code = await new Promise((resolve, reject) => {
		child.once('error', reject);
		child.once('exit', resolve);
	});
	if (code !== 0) throw new Error(`${what} failed`);
}

async function startSandbox(stateFile: string): Promise<string> {
	const log = createWriteStream(join(LOCAL, 'sandbox.log'));
	const child = spawnTracked(
		process.execPath,
		[
			'--import',
			'tsx',
			join(ROOT, 'sandbox', 'cli.ts'),
			'--port',
			String(SANDBOX_PORT),
			'--call-duration',
			String(CALL_DURATION_MS),
			'--state-file',
			stateFile,
		],
		{ cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
	);
	child.stdout?.pipe(log);
	child.stderr?.pipe(log);
	const url = `http://127.0.0.1:${SANDBOX_PORT}`;
	for (let attempt = 0; attempt < 100; attempt++) {
		if (child.exitCode !== null)
			throw new Error(`the sandbox exited with ${child.exitCode}; see .n8n-local/sandbox.log`);
		try {
			const res = await fetch(`${url}/api/user/me`, {
				headers: { Authorization: `Bearer ${ALICE_TOKEN}` },
			});
			if (res.ok) return url;
		} catch {
			// not listening yet
		}
		await sleep(200);
	}
	throw new Error('the sandbox did not start within 20 s; see .n8n-local/sandbox.log');
}

/** Re-imports the credential and examples only when they changed, so edits made in the editor survive a restart. */
async function importIfChanged(
	entry: MatrixEntry,
	env: NodeJS.ProcessEnv,
	userFolder: string,
	sandboxUrl: string,
): Promise<void> {
	const examples = exampleWorkflows(FILES_DIR);
	const fingerprint = createHash('sha256')
		.update(JSON.stringify({ sandboxUrl, examples }))
		.digest('hex');
	const marker = join(userFolder, 'imported.sha256');
	if (existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint) {
		step('credential and examples already imported');
		return;
	}
	step(`importing the credential "${CREDENTIAL_NAME}" and ${examples.length} example workflows`);
	await importExamples(entry, {
		env,
		userFolder,
		baseUrl: sandboxUrl,
		apiToken: ALICE_TOKEN,
		filesDir: FILES_DIR,
	});
	writeFileSync(marker, fingerprint);
}

async function main(): Promise<void> {
	const started = Date.now();
	const entry = matrixEntry(process.env.N8N_VERSION);
	// One user folder per n8n version: a database migrated by a newer n8n cannot be opened by an older one.
	const userFolder = join(LOCAL, `n8n-${entry.n8n}`);
	for (const [name, port] of [
		['N8N_PORT', N8N_PORT],
		['SANDBOX_PORT', SANDBOX_PORT],
	] as const) {
		if (!(await portIsFree(port)))
			throw new Error(
				`port ${port} is in use (is another npm start running?); set ${name} to another port`,
			);
	}
	step(`n8n ${entry.n8n} on Node ${entry.node} (N8N_VERSION=${entry.id})`);
	if (!n8nInstalled(entry))
		await run('installing n8n', process.execPath, [
			'--import',
			'tsx',
			join(ROOT, 'scripts', 'ensure-runtime.ts'),
			'--entry',
			entry.id,
		]);
	step('building the package (npm run build)');
	await run('npm run build', 'npm', ['run', 'build', '--silent']);

	prepareFilesDir(FILES_DIR);
	mkdirSync(userFolder, { recursive: true });
	step(
		`packing and installing it as a community package into ${join('.n8n-local', `n8n-${entry.n8n}`, '.n8n', 'nodes')}`,
	);
	installPackage(userFolder);

	step(`starting the sandbox on port ${SANDBOX_PORT}`);
	// Beside n8n's user folder and with the same n8n version: the webhooks its published triggers registered.
	const sandboxUrl = await startSandbox(join(LOCAL, `sandbox-state-n8n-${entry.n8n}.json`));

	const env = n8nEnv({
		userFolder,
		port: N8N_PORT,
		brokerPort: await freePort(),
		filesDir: FILES_DIR,
	});
	await importIfChanged(entry, env, userFolder, sandboxUrl);

	step(`starting n8n on port ${N8N_PORT} (log: .n8n-local/n8n.log)`);
	const n8nLog = createWriteStream(join(LOCAL, 'n8n.log'), { flags: 'a' });
	const n8n = await startN8nProcess(entry, 'start', env, {
		onOutput: (text) => n8nLog.write(text),
	});
	n8n.child.on('exit', (code) => {
		if (!stopping) {
			process.stderr.write(`n8n exited unexpectedly (${code}); see .n8n-local/n8n.log\n`);
			void stopAll(1);
		}
	});
	await ensureOwnerAndLogin(n8n.url);

	const lines = [
		'',
		`n8n ${entry.n8n} with the Famulor AI nodes is running (ready in ${Math.round((Date.now() - started) / 1000)} s)`,
		`  editor        ${n8n.url}/`,
		`  login         ${OWNER.email} / ${OWNER.password}`,
		`  credential    "${CREDENTIAL_NAME}" (points at the sandbox)`,
		'  workflows     the Famulor examples (see examples/ and the README)',
		`  sandbox       ${sandboxUrl}   alice token ${ALICE_TOKEN}`,
		`  controls      ${sandboxUrl}/__sandbox/*   control token ${CONTROL_TOKEN}`,
		'  a customer    npm run sandbox -- whatsapp-message --text "Hello" [--ai off]   (or chat-message; see sandbox/README.md)',
		'  their chat    npm run sandbox -- messages   (who wrote what: the customer, the assistant, your workflow)',
		`  files         ${FILES_DIR} (the folder the examples read and write)`,
		'Press Ctrl-C to stop.',
		'',
	];
	process.stdout.write(lines.join('\n'));
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void stopAll(0));

main().catch(async (error: unknown) => {
	// While stopping, what was cut short fails as a matter of course: nothing to report.
	if (stopping) return;
	process.stderr.write(
		`npm start failed: ${error instanceof Error ? error.message : String(error)}\n`,
	);
	await stopAll(1);
});
