/**
 * The relative-import graph of a source folder, read with the TypeScript compiler's own pre-processor
 * (every `import`, `import type`, `export … from` and dynamic `import()`), and its cycles.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
		return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
	});
}

/** The file a relative specifier names: `x.ts`, or `x/index.ts` for a folder. */
function resolveRelative(from: string, specifier: string): string | undefined {
	const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
	return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

/** Each file under `root` (paths relative to `cwd`) with the files under `root` it imports. */
export function importGraph(root: string, cwd = process.cwd()): ImportGraph {
	const graph: ImportGraph = new Map();
	const absoluteRoot = resolve(cwd, root);
	for (const file of sourceFiles(absoluteRoot)) {
		const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
		const targets = importedFiles
			.map(({ fileName }) => fileName)
			.filter((specifier) => specifier.startsWith('.'))
			.map((specifier) => resolveRelative(file, specifier))
			.filter((target): target is string => target?.startsWith(absoluteRoot) === true)
			.map((target) => relative(cwd, target));
		graph.set(relative(cwd, file), [...new Set(targets)].sort());
	}
	return graph;
}

/** Every cycle: the files of each strongly connected group, sorted (Tarjan's algorithm). */
export function importCycles(graph: ImportGraph): string[][] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const groups: string[][] = [];
	const visit = (file: string): void => {
		index.set(file, index.size);
		low.set(file, index.get(file)!);
		stack.push(file);
		onStack.add(file);
		for (const next of graph.get(file) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(file, Math.min(low.get(file)!, low.get(next)!));
			} else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
		}
		if (low.get(file) !== index.get(file)) return;
		const group: string[] = [];
		let member: string;
		do {
			member = stack.pop()!;
			onStack.delete(member);
			group.push(member);
		} while (member !== file);
		const selfImport = graph.get(file)?.includes(file) ?? false;
		if (group.length > 1 || selfImport) groups.push(group.sort());
	};
	for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
	return groups;
}
