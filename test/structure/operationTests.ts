/**
 * Where the tests of an operation live: `nodes/Famulor/actions/<resource>/<op>.operation.ts` (and its
 * version-2 variant `<op>.v2.operation.ts`) is tested in `test/node/<resource>/<op>.test.ts` (the
 * variant may have its own `<op>.v2.test.ts` beside it). `PENDING_SHARED_TESTS` names the suites that
 * still test several operations in one file; it may only shrink.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ACTIONS = 'nodes/Famulor/actions';
export const NODE_TESTS = 'test/node';

/**
 * Operations (`<resource>/<op>`, or `<resource>/*` for a whole resource) whose tests still share a
 * file, and that file. Split one, then remove its entry.
 */
export const PENDING_SHARED_TESTS: Readonly<Record<string, string>> = {
};

export function filesUnder(dir: string, cwd = process.cwd()): string[] {
	return readdirSync(join(cwd, dir)).flatMap((name) => {
		const path = join(dir, name);
		return statSync(join(cwd, path)).isDirectory() ? filesUnder(path, cwd) : [path];
	});
}

/** `<resource>/<op>` of an operation file (either version), or undefined for any other file. */
export function operationOf(file: string): string | undefined {
	const match = new RegExp(`^${ACTIONS}/([^/]+)/([^/.]+)(\\.v\\d+)?\\.operation\\.ts$`).exec(file);
	return match ? `${match[1]}/${match[2]}` : undefined;
}

/** The resource folder of an operation file, or undefined for any other file. */
export function resourceOf(file: string): string | undefined {
	return operationOf(file)?.split('/')[0];
}

/**
 * Operation files without `test/node/<resource>/<op>.test.ts`, unless `pending` names the shared
 * file that still holds their tests and that file exists.
 */
export function untestedOperations(
	operationFiles: string[],
	testFiles: string[],
	pending: Readonly<Record<string, string>> = {},
): string[] {
	const tests = new Set(testFiles);
	return operationFiles.filter((file) => {
		const operation = operationOf(file);
		if (operation === undefined) return false;
		if (tests.has(`${NODE_TESTS}/${operation}.test.ts`)) return false;
		const shared = pending[operation] ?? pending[`${operation.split('/')[0]}/*`];
		return shared === undefined || !tests.has(shared);
	});
}

/** Entries of `pending` that no longer hold back anything: the shared file is gone or split. */
export function stalePendingEntries(
	operationFiles: string[],
	testFiles: string[],
	pending: Readonly<Record<string, string>>,
): string[] {
	const tests = new Set(testFiles);
	const operations = operationFiles.map(operationOf).filter((op) => op !== undefined);
	return Object.keys(pending).filter((entry) => {
		const [resource, operation] = entry.split('/');
		const covered = operations.filter((op) =>
			operation === '*' ? op.startsWith(`${resource}/`) : op === entry,
		);
		return (
			!tests.has(pending[entry]) ||
			covered.length === 0 ||
			covered.every((op) => tests.has(`${NODE_TESTS}/${op}.test.ts`))
		);
	});
}
