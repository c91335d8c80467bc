#!/usr/bin/env node
// For the end-to-end tests (jest runs CommonJS and cannot import these .mjs helpers):
//   node scripts/lib/prepare-n8n.mjs --user-folder DIR --sandbox-url URL --token TOKEN --port N
// installs the packed package into DIR, imports the sandbox credential and the examples, and prints
// one JSON line: {bin, env, filesDir, workflows:[{id, name, file}]} with env = the n8n variables.
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { copyExampleFiles, ensureN8n, freePort, importExamples, installPackage, n8nEnv } from './n8n-runtime.mjs';

const { values } = parseArgs({
	options: {
		'user-folder': { type: 'string' },
		'sandbox-url': { type: 'string' },
		token: { type: 'string' },
		port: { type: 'string' },
	},
});
for (const name of ['user-folder', 'sandbox-url', 'token', 'port']) {
	if (!values[name]) {
		process.stderr.write(`prepare-n8n: --${name} is required\n`);
		process.exit(2);
	}
}

try {
	const userFolder = values['user-folder'];
	const filesDir = join(userFolder, 'files');
	copyExampleFiles(filesDir);
	const bin = ensureN8n();
	installPackage(userFolder);
	const env = n8nEnv({ userFolder, port: Number(values.port), brokerPort: await freePort(), filesDir });
	const workflows = await importExamples({ env, userFolder, baseUrl: values['sandbox-url'], apiToken: values.token, filesDir });
	const n8nOnly = Object.fromEntries(Object.entries(env).filter(([key]) => key.startsWith('N8N_') || key === 'WEBHOOK_URL' || key.startsWith('DB_')));
	process.stdout.write(`${JSON.stringify({ bin, env: n8nOnly, filesDir, workflows: workflows.map(({ id, name }) => ({ id, name })) })}\n`);
} catch (error) {
	process.stderr.write(`prepare-n8n: ${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
}
