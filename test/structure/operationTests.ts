/**
 * Where the tests of an operation live: `nodes/Famulor/actions/<resource>/<op>.operation.ts` (and its
 * version-2 variant `<op>.v2.operation.ts`) is tested in `test/node/<resource>.test.ts`, or in the
 * folder `test/node/<resource>/` when the resource has many operations.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ACTIONS = 'nodes/Famulor/actions';
export const NODE_TESTS = 'test/node';

export function filesUnder(dir: string, cwd = process.cwd()): string[] {
	return readdirSync(join(cwd, dir)).flatMap((name) => {
		const path = join(dir, name);
		return statSync(join(cwd, path)).isDirectory() ? filesUnder(path, cwd) : [path];
	});
}

/** The resource folder of an operation file, or undefined for any other file. */
export function resourceOf(file: string): string | undefined {
	const match = new RegExp(`^${ACTIONS}/([^/]+)/[^/]+\\.operation\\.ts$`).exec(file);
	return match?.[1];
}

/** Operation files whose resource has no test file: neither `<resource>.test.ts` nor a folder of tests. */
export function untestedOperations(operationFiles: string[], testFiles: string[]): string[] {
	const tested = new Set(
		testFiles
			.filter((file) => file.endsWith('.test.ts'))
			.map((file) => relative(NODE_TESTS, file).split('/'))
			.map((parts) => (parts.length === 1 ? parts[0].replace(/\.test\.ts$/, '') : parts[0])),
	);
	return operationFiles.filter((file) => {
		const resource = resourceOf(file);
		return resource !== undefined && !tested.has(resource);
	});
}
