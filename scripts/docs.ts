/**
 * `npm run docs`: writes docs/OPERATIONS.md from the code (scripts/docs/operationsReference.ts).
 * `--check` writes nothing and fails when the committed file differs (test/package/operationsDoc.test.ts does the same).
 */
import '../bench/jestShim';

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { buildOperationsReference } from './docs/operationsReference';

export const OPERATIONS_DOC = join(__dirname, '..', 'docs', 'OPERATIONS.md');

if (require.main === module) {
	buildOperationsReference().then(
		(reference) => {
			if (!process.argv.includes('--check')) {
				writeFileSync(OPERATIONS_DOC, reference);
				process.stdout.write(`wrote ${OPERATIONS_DOC}\n`);
			} else if (readFileSync(OPERATIONS_DOC, 'utf8') !== reference) {
				process.stderr.write('docs/OPERATIONS.md is stale: run npm run docs\n');
				process.exitCode = 1;
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
