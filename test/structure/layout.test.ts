import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

import {
	ACTIONS,
	NODE_TESTS,
	SHARED_SUITE_EXCEPTION,
	filesUnder,
	sharedResourceSuites,
	untestedOperations,
} from './operationTests';

/** The layout docs/DEVELOPING.md describes, checked so that a newcomer can predict where anything is. */

const resourceFolders = readdirSync(ACTIONS, { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.map((entry) => entry.name);

describe('tests mirror the operations', () => {
	it('every operation file has test/node/<resource>/<operation>.test.ts', () => {
		expect(untestedOperations(filesUnder(ACTIONS), filesUnder(NODE_TESTS))).toEqual([]);
	});

	it(`no resource keeps a shared test/node/<resource>.test.ts, but ${SHARED_SUITE_EXCEPTION.file}: ${SHARED_SUITE_EXCEPTION.why}`, () => {
		expect(sharedResourceSuites(resourceFolders, filesUnder(NODE_TESTS))).toEqual([]);
	});

	it.each<[string, string[], string[], string[]]>([
		[
			'an operation test file',
			[`${ACTIONS}/sms/send.operation.ts`],
			[`${NODE_TESTS}/sms/send.test.ts`],
			[],
		],
		[
			'one test file also for a version-2 variant',
			[`${ACTIONS}/call/make.operation.ts`, `${ACTIONS}/call/make.v2.operation.ts`],
			[`${NODE_TESTS}/call/make.test.ts`, `${NODE_TESTS}/call/make.v2.test.ts`],
			[],
		],
		[
			'a resource test file that is not one per operation',
			[`${ACTIONS}/sms/send.operation.ts`, `${ACTIONS}/lead/create.operation.ts`],
			[`${NODE_TESTS}/sms.test.ts`, `${NODE_TESTS}/kit.ts`, `${NODE_TESTS}/lead/get.test.ts`],
			[`${ACTIONS}/sms/send.operation.ts`, `${ACTIONS}/lead/create.operation.ts`],
		],
		['a helper that is no operation', [`${ACTIONS}/lead/fields.ts`], [], []],
	])('finds %s', (_case, operations, tests, untested) => {
		expect(untestedOperations(operations, tests)).toEqual(untested);
	});

	it.each<[string, string[], string[]]>([
		['a resource split into its folder', [`${NODE_TESTS}/lead/create.test.ts`], []],
		[
			'a shared resource suite beside its folder',
			[`${NODE_TESTS}/lead.test.ts`, `${NODE_TESTS}/lead/create.test.ts`],
			[`${NODE_TESTS}/lead.test.ts`],
		],
		['the named exception', [SHARED_SUITE_EXCEPTION.file], []],
		['a theme suite named after no resource', [`${NODE_TESTS}/reliability.test.ts`], []],
	])('a shared resource suite: %s', (_case, tests, shared) => {
		expect(sharedResourceSuites(['lead', 'organizer'], tests)).toEqual(shared);
	});
});

describe('versions are expressed one way', () => {
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

/** The files that build a node version, the only sources that may ask which version runs. */
const VERSION_ENTRIES = [
	/^nodes\/Famulor\/Famulor\.node\.ts$/,
	/^nodes\/Famulor\/nodeVersion\.ts$/,
	/^nodes\/Famulor\/v\d+\//,
];
const VERSION_QUESTIONS = new Set(['typeVersion', 'speaksCurrentApi']);

/** Whether a source names the node's version in code (an identifier or a key), not in a comment. */
function asksNodeVersion(source: string): boolean {
	const scanner = ts.createScanner(
		ts.ScriptTarget.Latest,
		true,
		ts.LanguageVariant.Standard,
		source,
	);
	for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
		const named =
			token === ts.SyntaxKind.Identifier ||
			token === ts.SyntaxKind.StringLiteral ||
			token === ts.SyntaxKind.NoSubstitutionTemplateLiteral;
		if (named && VERSION_QUESTIONS.has(scanner.getTokenValue())) return true;
	}
	return false;
}

describe('no operation or helper asks the node version at run time', () => {
	it.each<[string, string, boolean]>([
		['the version of the node', 'return this.getNode().typeVersion >= 2;', true],
		['the version as a key', "const version = node['typeVersion'];", true],
		['the former generation helper', 'if (speaksCurrentApi.call(this)) path = next;', true],
		['a comment about versions', '// version 1 keeps its typeVersion\nconst a = 1;', false],
		['a longer name', 'const typeVersionLabel = 1;', false],
	])('finds %s', (_case, source, asks) => {
		expect(asksNodeVersion(source)).toBe(asks);
	});

	it('only the version entries read typeVersion or speaksCurrentApi', () => {
		const sources = [...filesUnder('nodes'), ...filesUnder('credentials')].filter((file) =>
			file.endsWith('.ts'),
		);
		const asking = sources
			.filter((file) => !VERSION_ENTRIES.some((entry) => entry.test(file)))
			.filter((file) => asksNodeVersion(readFileSync(file, 'utf8')));
		expect(asking).toEqual([]);
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
