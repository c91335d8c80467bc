// Makes `npm start` and `npm test` work straight after `git clone`: installs the dev dependencies
// with `npm ci` when node_modules is missing or older than package-lock.json; otherwise does nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const lock = new URL('package-lock.json', root);
const installed = new URL('node_modules/.package-lock.json', root);

const upToDate = existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs;
if (!upToDate) {
	process.stdout.write('▸ installing the dev dependencies (npm ci)\n');
	// Without dependency install scripts (recent npm skips unapproved ones anyway): eslint-plugin-n8n-nodes-base, which
	// n8n's scanner uses, ships a preinstall that refuses every package manager but pnpm.
	const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], {
		cwd: root,
		stdio: 'inherit',
	});
	if (result.status !== 0) process.exit(result.status ?? 1);
}
