import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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

const TRANSPORT = 'nodes/shared/transport';
const TRANSPORT_TESTS = 'test/transport';

/** The folders below `root`, at any depth, as paths relative to it. */
function foldersUnder(root: string, below = ''): string[] {
	return readdirSync(join(root, below), { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.flatMap((entry) => {
			const folder = below === '' ? entry.name : `${below}/${entry.name}`;
			return [folder, ...foldersUnder(root, folder)];
		});
}

/** Where the test folders (relative to TRANSPORT_TESTS) and the transport's differ. */
function unmirroredFolders(productFolders: string[], testFolders: string[]): string[] {
	const [product, tests] = [new Set(productFolders), new Set(testFolders)];
	return [
		...productFolders
			.filter((folder) => !tests.has(folder))
			.map((folder) => `${TRANSPORT}/${folder} has no ${TRANSPORT_TESTS}/${folder}`),
		...testFolders
			.filter((folder) => !product.has(folder))
			.map((folder) => `${TRANSPORT_TESTS}/${folder} mirrors no ${TRANSPORT}/${folder}`),
	];
}

describe("the transport's tests mirror its folders", () => {
	it.each<[string, string[], string[], number]>([
		['the same folders', ['errors', 'pacing', 'retries'], ['errors', 'pacing', 'retries'], 0],
		['a product folder without tests', ['errors', 'pacing', 'retries'], ['pacing', 'retries'], 1],
		['a test folder of no product folder', ['pacing'], ['pacing', 'fixtures'], 1],
		['a folder mirrored at another depth', ['pacing', 'retries'], ['pacing', 'pacing/retries'], 2],
		['a subfolder left unmirrored', ['pacing', 'pacing/windows'], ['pacing'], 1],
	])('finds %s', (_case, productFolders, testFolders, problems) => {
		expect(unmirroredFolders(productFolders, testFolders)).toHaveLength(problems);
	});

	it(`every folder of ${TRANSPORT} has its test folder in ${TRANSPORT_TESTS}, and no other is there`, () => {
		expect(unmirroredFolders(foldersUnder(TRANSPORT), foldersUnder(TRANSPORT_TESTS))).toEqual([]);
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

/**
 * What keeps a version-2 file from being the one hook: it must be `<op>.v2.operation.ts`, import
 * `variant` from `./<op>.operation`, and do nothing but export what `variant(record)` builds.
 */
function variantHookProblems(file: string, source: string): string[] {
	const operation = /([^/]+)\.v2\.operation\.ts$/.exec(file)?.[1];
	if (operation === undefined) return [`${file}: a .v2 file that is no <op>.v2.operation.ts`];
	const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
	const problems: string[] = [];
	let hookImported = false;
	let built = 0;
	for (const statement of parsed.statements) {
		if (ts.isImportDeclaration(statement)) {
			const from = (statement.moduleSpecifier as ts.StringLiteral).text;
			const bindings = statement.importClause?.namedBindings;
			const names =
				bindings && ts.isNamedImports(bindings)
					? bindings.elements.map((element) => element.name.text)
					: [];
			if (names.includes('variant')) hookImported = from === `./${operation}.operation`;
			continue;
		}
		const [declaration] = ts.isVariableStatement(statement)
			? statement.declarationList.declarations
			: [];
		const call = declaration?.initializer;
		const exported = ts.isVariableStatement(statement)
			? statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
			: false;
		if (
			exported &&
			ts.isObjectBindingPattern(declaration.name) &&
			call !== undefined &&
			ts.isCallExpression(call) &&
			ts.isIdentifier(call.expression) &&
			call.expression.text === 'variant'
		) {
			built += 1;
			continue;
		}
		problems.push(`${file}: ${statement.getText(parsed).split('\n')[0]}`);
	}
	if (!hookImported)
		problems.push(`${file}: variant is not imported from ./${operation}.operation`);
	if (built !== 1) problems.push(`${file}: ${built} exports built by variant(...), not one`);
	return problems;
}

describe('a version-2 operation is its version-1 operation given a variant record', () => {
	const hookOnly = [
		"import { WRITTEN_PHONE } from '../common';",
		"import { variant } from './make.operation';",
		'export const { description, prepare, execute } = variant({ reads: WRITTEN_PHONE });',
	].join('\n');
	it.each<[string, string, string, number]>([
		['the hook and what its record needs', 'call/make.v2.operation.ts', hookOnly, 0],
		['a .v2 helper beside the operations', 'assistant/body.v2.ts', hookOnly, 1],
		[
			"version 1's pieces put together by hand",
			'call/make.v2.operation.ts',
			"import { planWith } from './make.operation';\nexport const prepare = planWith(read);",
			3,
		],
		[
			'a second export beside the hook',
			'call/make.v2.operation.ts',
			`${hookOnly}\nexport { effect } from './make.operation';`,
			1,
		],
		[
			'the hook of another operation',
			'call/make.v2.operation.ts',
			hookOnly.replace('./make.operation', './get.operation'),
			1,
		],
	])('finds %s', (_case, file, source, problems) => {
		expect(variantHookProblems(`${ACTIONS}/${file}`, source)).toHaveLength(problems);
	});

	it('every .v2 file of the actions uses only the variant hook', () => {
		const problems = filesUnder(ACTIONS)
			.filter((file) => /\.v2\./.test(file))
			.flatMap((file) => variantHookProblems(file, readFileSync(file, 'utf8')));
		expect(problems).toEqual([]);
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
