import {
	n8nEntryPoints,
	productProgram,
	programOf,
	sourcesUnder,
	unusedExports,
	type EntryPoint,
} from './productExports';

/**
 * Nothing in nodes/ or credentials/ exists for tests: every module export and every public member of
 * an exported class is used by the product itself (productExports.ts says what counts), or is one of
 * n8n's entry points. A test drives the product's entry points or its pure decisions; it needs no
 * counter, setter or reset of its own.
 */

/** An external type, as n8n-workflow's INodeType: the product implements it, n8n calls it. */
const EXTERNAL = {
	'/v/external.d.ts': [
		'export interface NodeType { description: string; execute(): number; }',
		'export declare class BaseError extends Error { description: string; }',
	].join('\n'),
};
const ENTRY: EntryPoint[] = [{ file: '/v/Entry.node.ts', className: 'Entry' }];

/** What the detector finds in `sources` (with the external types, not part of the product). */
function findings(sources: Record<string, string>): string[] {
	const program = programOf({ ...EXTERNAL, ...sources });
	return unusedExports(program, Object.keys(sources), ENTRY, '/v');
}

describe('the detector', () => {
	it.each<[string, Record<string, string>, string[]]>([
		[
			'passes an export another product file uses',
			{
				'/v/budget.ts': 'export const LIMIT = 5;',
				'/v/use.ts': "import { LIMIT } from './budget';\nconsole.log(LIMIT);",
			},
			[],
		],
		[
			'flags an export only a test could use',
			{
				'/v/memory.ts':
					'const held = new Map<string, number>();\nexport const keep = (k: string) => held.set(k, 1);\nexport const heldCount = () => held.size;',
				'/v/use.ts': "import { keep } from './memory';\nkeep('a');",
			},
			['memory.ts: heldCount'],
		],
		[
			'passes a pure decision its own file uses',
			{
				'/v/wait.ts':
					'export const nextWait = (n: number) => n * 2;\nexport const run = () => nextWait(1);',
				'/v/use.ts': "import { run } from './wait';\nrun();",
			},
			[],
		],
		[
			'flags a function that only calls itself',
			{ '/v/loop.ts': 'export function count(n: number): number { return n && count(n - 1); }' },
			['loop.ts: count'],
		],
		[
			'flags a re-export nobody imports through, though its source is used',
			{
				'/v/setter.ts': 'export const reset = () => 0;\nexport const used = reset();',
				'/v/index.ts': "export { reset, used } from './setter';",
				'/v/use.ts': "import { used } from './index';\nconsole.log(used);",
			},
			['index.ts: reset'],
		],
		[
			'flags a public member only its own class calls, and one nobody calls',
			{
				'/v/budget.ts': [
					'export class Budget {',
					'  share(): number { return 1; }',
					'  clients(): number { return 2; }',
					'  acquire(): number { return this.share(); }',
					'  private hidden(): number { return 3; }',
					'}',
				].join('\n'),
				'/v/use.ts': "import { Budget } from './budget';\nnew Budget().acquire();",
			},
			['budget.ts: Budget.share', 'budget.ts: Budget.clients'],
		],
		[
			'passes the entry class and what n8n calls on it, flags a helper member of it',
			{
				'/v/Entry.node.ts': [
					"import type { NodeType } from './external';",
					'export class Entry implements NodeType {',
					"  description = 'node';",
					'  execute(): number { return 1; }',
					'  forTests(): number { return 2; }',
					'}',
				].join('\n'),
			},
			['Entry.node.ts: Entry.forTests'],
		],
		[
			'passes members an external base class declares, and members a product interface is called by',
			{
				'/v/errors.ts': [
					"import { BaseError } from './external';",
					"export class Failure extends BaseError { description = 'why'; }",
					'export interface Pacer { acquire(): number; }',
					'export class Account implements Pacer { acquire(): number { return 1; } }',
				].join('\n'),
				'/v/use.ts': [
					"import { Account, Failure, type Pacer } from './errors';",
					'const pacer: Pacer = new Account();',
					'pacer.acquire();',
					'throw new Failure();',
				].join('\n'),
			},
			[],
		],
		[
			"passes a module's exports its use as a value asks for, flags the others",
			{
				'/v/make.operation.ts':
					"export const execute = () => 1;\nexport const description = 'make';\nexport const planWith = () => 2;",
				'/v/index.ts': [
					"import * as make from './make.operation';",
					'interface Operation { execute(): number; description: string }',
					'export const operations: Record<string, Operation> = { make };',
				].join('\n'),
				'/v/use.ts': "import { operations } from './index';\noperations.make.execute();",
			},
			['make.operation.ts: planWith'],
		],
	])('%s', (_case, sources, found) => {
		expect(findings(sources)).toEqual(found);
	});
});

describe('the product', () => {
	it("exports nothing that only tests use (n8n's entry points aside)", () => {
		const files = [...sourcesUnder('nodes'), ...sourcesUnder('credentials')];
		const found = unusedExports(productProgram(files), files, n8nEntryPoints('.'));
		expect(found).toEqual([]);
	});
});
