import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

import { ACTIONS, NODE_TESTS, filesUnder, untestedOperations } from './operationTests';

/** The layout docs/DEVELOPING.md describes, checked so that a newcomer can predict where anything is. */

describe('tests mirror the operations', () => {
	it('every operation file has the test file (or test folder) of its resource', () => {
		expect(untestedOperations(filesUnder(ACTIONS), filesUnder(NODE_TESTS))).toEqual([]);
	});

	it.each<[string, string[], string[], string[]]>([
		[
			'a resource test file',
			[`${ACTIONS}/sms/send.operation.ts`],
			[`${NODE_TESTS}/sms.test.ts`],
			[],
		],
		[
			'a resource test folder, also for a version-2 variant',
			[`${ACTIONS}/call/make.operation.ts`, `${ACTIONS}/call/make.v2.operation.ts`],
			[`${NODE_TESTS}/call/make.test.ts`],
			[],
		],
		[
			'a missing resource test',
			[`${ACTIONS}/sms/send.operation.ts`, `${ACTIONS}/lead/create.operation.ts`],
			[`${NODE_TESTS}/sms.test.ts`, `${NODE_TESTS}/kit.ts`, `${NODE_TESTS}/leads.test.ts`],
			[`${ACTIONS}/lead/create.operation.ts`],
		],
		['a helper that is no operation', [`${ACTIONS}/lead/fields.ts`], [], []],
	])('finds %s', (_case, operations, tests, untested) => {
		expect(untestedOperations(operations, tests)).toEqual(untested);
	});
});

describe('versions are expressed one way', () => {
	const resourceFolders = readdirSync(ACTIONS, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name);

	it('no folder of the actions holds a version of its own', () => {
		expect(filesUnder(ACTIONS).filter((file) => /\/v\d+\//.test(relative(ACTIONS, file)))).toEqual(
			[],
		);
	});

	it('every resource index builds each version with buildResource', () => {
		const handWritten = resourceFolders.filter((folder) => {
			const index = readFileSync(`${ACTIONS}/${folder}/index.ts`, 'utf8');
			return !(index.includes('buildResource(') && index.includes('satisfies VersionedResource'));
		});
		expect(handWritten).toEqual([]);
	});
});

/** Each relative import of the files under `dir`, as `file → target` (paths from the repository root). */
function relativeImports(dir: string): Array<{ file: string; target: string }> {
	return filesUnder(dir).flatMap((file) =>
		ts
			.preProcessFile(readFileSync(file, 'utf8'), true, true)
			.importedFiles.map(({ fileName }) => fileName)
			.filter((specifier) => specifier.startsWith('.'))
			.map((specifier) => ({
				file,
				target: relative(process.cwd(), resolve(dirname(file), specifier)),
			})),
	);
}

/**
 * The layers, lowest first: the n8n runtime module (`runtime/`), the harness, then what uses them (the
 * scripts, the benchmark, the tests). Each folder imports only from the layers below it.
 */
describe('the folders import downwards only', () => {
	const upwardsFrom = (dir: string, above: RegExp): string[] =>
		relativeImports(dir)
			.filter(({ target }) => above.test(target))
			.map(({ file, target }) => `${file} → ${target}`);

	it.each<[string, RegExp]>([
		['runtime', /^(harness|scripts|test|bench)\//],
		['harness', /^(scripts|test|bench)\//],
		['scripts', /^(test|bench)\//],
		['bench', /^(scripts|test)\//],
	])('%s imports nothing from the layers above it', (dir, above) => {
		expect(upwardsFrom(dir, above)).toEqual([]);
	});

	it('the harness keeps its jest shim beside it', () => {
		expect(existsSync('harness/jestShim.ts')).toBe(true);
	});
});
