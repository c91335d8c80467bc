#!/usr/bin/env node
// npm run sandbox [-- --port N] : starts the local Famulor API sandbox (sandbox/cli.ts) through tsx.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'sandbox', 'cli.ts'), ...process.argv.slice(2)], {
	cwd: root,
	stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) {
	process.on(sig, () => child.kill(sig));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
