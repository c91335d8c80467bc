/**
 * `npm run docs`: writes docs/OPERATIONS.md (scripts/docs/operationsReference.ts), the README's
 * operations overview (scripts/docs/readmeOverview.ts) and polling cost table
 * (scripts/docs/pollingCost.ts), SERVICE-NOTES' table of the sandbox's options beyond the docs
 * (scripts/docs/sandboxOptions.ts) and BEHAVIOUR's table of limits (scripts/docs/limits.ts) from
 * the code.
 * `--check` writes nothing and fails when a committed file differs (test/package/operationsDoc.test.ts does the same).
 */
import '../harness/jestShim';

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { buildOperationsReference } from './docs/operationsReference';
import { buildPollingCost, withPollingCost } from './docs/pollingCost';
import { buildOperationsOverview, withOverview } from './docs/readmeOverview';
import { buildLimitsTable, withLimits } from './docs/limits';
import { buildSandboxOptionsTable, withSandboxOptions } from './docs/sandboxOptions';

export const OPERATIONS_DOC = join(__dirname, '..', 'docs', 'OPERATIONS.md');
export const README = join(__dirname, '..', 'README.md');
export const SERVICE_NOTES = join(__dirname, '..', 'docs', 'SERVICE-NOTES.md');
export const BEHAVIOUR = join(__dirname, '..', 'docs', 'BEHAVIOUR.md');

async function generated(): Promise<Array<[string, string]>> {
	return [
		[OPERATIONS_DOC, await buildOperationsReference()],
		[
			README,
			withPollingCost(
				withOverview(readFileSync(README, 'utf8'), buildOperationsOverview()),
				buildPollingCost(),
			),
		],
		[
			SERVICE_NOTES,
			withSandboxOptions(readFileSync(SERVICE_NOTES, 'utf8'), buildSandboxOptionsTable()),
		],
		[BEHAVIOUR, withLimits(readFileSync(BEHAVIOUR, 'utf8'), buildLimitsTable())],
	];
}

if (require.main === module) {
	generated().then(
		(files) => {
			for (const [path, text] of files) {
				if (!process.argv.includes('--check')) {
					writeFileSync(path, text);
					process.stdout.write(`wrote ${path}\n`);
				} else if (readFileSync(path, 'utf8') !== text) {
					process.stderr.write(`${path} is stale: run npm run docs\n`);
					process.exitCode = 1;
				}
			}
			// n8n-core keeps HTTP agents alive; nothing is left to wait for.
			process.exit();
		},
		(error: unknown) => {
			process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
			process.exitCode = 2;
		},
	);
}
