#!/usr/bin/env node
// Installs what `npm start` and the end-to-end tests need and a fresh machine lacks: n8n (pinned in
// n8n-runtime/package.json) into a cache dir outside the repo, and Debian's chromium (as root, apt-get).
// Idempotent: a second run only checks. `--print-bin` prints the n8n binary path as the last line.
// `--no-chromium` skips the browser (npm start does not need it).
import { ensureChromium, ensureN8n } from './lib/n8n-runtime.mjs';

export { ensureChromium, ensureN8n, n8nBin, runtimeDir } from './lib/n8n-runtime.mjs';

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
	try {
		const bin = ensureN8n();
		if (!process.argv.includes('--no-chromium')) ensureChromium();
		if (process.argv.includes('--print-bin')) process.stdout.write(`${bin}\n`);
	} catch (error) {
		process.stderr.write(`ensure-runtime: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	}
}
