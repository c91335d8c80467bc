/**
 * Where the tests of an operation live: `nodes/Famulor/actions/<resource>/<op>.operation.ts` (and its
 * version-2 variant `<op>.v2.operation.ts`) is tested in `test/node/<resource>/<op>.test.ts` (the
 * variant may have its own `<op>.v2.test.ts` beside it). No resource keeps one shared
 * `test/node/<resource>.test.ts`, except `SHARED_SUITE_EXCEPTION`.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ACTIONS = 'nodes/Famulor/actions';
export const NODE_TESTS = 'test/node';

/** The one resource whose tests share a file, and why. */
export const SHARED_SUITE_EXCEPTION = {
	file: `${NODE_TESTS}/organizer.test.ts`,
	why: 'folders and labels are one set of operations built per kind (organizer/operations.ts), with no operation files to mirror',
} as const;

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

/** Operation files without `test/node/<resource>/<op>.test.ts`. */
export function untestedOperations(operationFiles: string[], testFiles: string[]): string[] {
	const tests = new Set(testFiles);
	return operationFiles.filter((file) => {
		const operation = operationOf(file);
		return operation !== undefined && !tests.has(`${NODE_TESTS}/${operation}.test.ts`);
	});
}

/** `test/node/<resource>.test.ts` files of the given resource folders, but the named exception. */
export function sharedResourceSuites(resourceFolders: string[], testFiles: string[]): string[] {
	const tests = new Set(testFiles);
	return resourceFolders
		.map((resource) => `${NODE_TESTS}/${resource}.test.ts`)
		.filter((file) => tests.has(file) && file !== SHARED_SUITE_EXCEPTION.file);
}
