/**
 * Installs what the end-to-end tests and `npm start` need and a fresh machine lacks (idempotent: a second
 * run only checks):
 *   tsx scripts/ensure-runtime.ts [--entry ID]... [--all] [--chromium] [--redis]
 * `--entry` (repeatable) installs those matrix entries, `--all` every entry (the default: the newest,
 * unless only `--chromium` or `--redis` is asked for); `--chromium` Debian's chromium (editor test),
 * `--redis` redis-server and postgres (queue-mode test), via apt-get as root.
 */
import { parseArgs } from 'node:util';

import {
	MATRIX,
	NEWEST,
	ensureChromium,
	ensureN8n,
	ensureRedis,
	log,
	matrixEntry,
	postgresBinDir,
} from '../runtime';

function main(): void {
	const { values } = parseArgs({
		options: {
			entry: { type: 'string', multiple: true },
			all: { type: 'boolean' },
			chromium: { type: 'boolean' },
			redis: { type: 'boolean' },
		},
	});
	const onlyTools = (values.chromium || values.redis) && !values.entry;
	const entries = values.all
		? [...MATRIX]
		: (values.entry ?? (onlyTools ? [] : [NEWEST.id])).map((name) => matrixEntry(name));
	for (const entry of entries)
		log(`n8n ${entry.n8n} (${entry.id}) on Node ${entry.node}: ${ensureN8n(entry)}`);
	if (values.chromium) log(`chromium: ${ensureChromium()}`);
	if (values.redis) {
		log(`redis-server: ${ensureRedis()}`);
		log(`postgres: ${postgresBinDir()}`);
	}
}

try {
	main();
} catch (error) {
	process.stderr.write(
		`ensure-runtime: ${error instanceof Error ? error.message : String(error)}\n`,
	);
	process.exit(1);
}
