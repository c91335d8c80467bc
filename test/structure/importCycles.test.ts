import { importCycles, importGraph, type ImportGraph } from './importGraph';

describe('import graph', () => {
	it.each(['sandbox', 'nodes'])('has no cycle under %s/ (type-only imports count)', (root) => {
		expect(importCycles(importGraph(root))).toEqual([]);
	});

	it('finds a cycle, including one closed by a type-only import', () => {
		const graph: ImportGraph = new Map([
			['a.ts', ['b.ts']],
			['b.ts', ['c.ts']],
			['c.ts', ['a.ts']],
			['d.ts', ['a.ts']],
			['e.ts', ['e.ts']],
		]);
		expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
	});

	it('reads import type, export-from and index folders from source', () => {
		const graph = importGraph('test/structure/fixtures');
		expect(graph.get('test/structure/fixtures/a.ts')).toEqual([
			'test/structure/fixtures/b.ts',
			'test/structure/fixtures/folder/index.ts',
		]);
		expect(importCycles(graph)).toEqual([
			[
				'test/structure/fixtures/a.ts',
				'test/structure/fixtures/b.ts',
				'test/structure/fixtures/folder/index.ts',
			],
		]);
	});
});
