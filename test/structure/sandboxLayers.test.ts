import { readFileSync } from 'node:fs';

import { importGraph } from './importGraph';

/**
 * The sandbox's layers, lowest first (see sandbox/README.md): a file imports its own layer or a lower
 * one. The seed, the HTTP layer and the state file stand side by side, so none imports another.
 */
const LAYERS: Record<string, number> = {
	model: 0,
	domain: 1,
	seed: 2,
	http: 2,
	persistence: 2,
	top: 3,
};

function layerOf(file: string): string {
	const [, folder] = file.split('/');
	return folder.endsWith('.ts') ? 'top' : folder;
}

const graph = importGraph('sandbox');
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

describe('sandbox layers', () => {
	it('knows the layer of every file', () => {
		expect([...graph.keys()].map(layerOf).filter((layer) => !(layer in LAYERS))).toEqual([]);
	});

	it('imports only downwards (or within a layer)', () => {
		const upwards = edges.filter(({ from, to }) => {
			const [a, b] = [layerOf(from), layerOf(to)];
			return a !== b && LAYERS[a] <= LAYERS[b];
		});
		expect(upwards).toEqual([]);
	});

	it('lets only whoever starts a sandbox import the seed', () => {
		const seedUsers = edges
			.filter(({ from, to }) => layerOf(to) === 'seed' && layerOf(from) !== 'seed')
			.map(({ from }) => from);
		expect([...new Set(seedUsers)]).toEqual(['sandbox/index.ts']);
	});

	it('keeps every file at about 400 lines at most', () => {
		const long = [...graph.keys()]
			.map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length }))
			.filter(({ lines }) => lines > 400);
		expect(long).toEqual([]);
	});
});
