/**
 * What `npm pack` ships (after `npm run build`): the compiled nodes and credential, their icons and
 * codex files, README, LICENSE and package.json; no sources, tests, sandbox or scripts. That the packed
 * package loads in n8n is checked by trigger.test.ts (n8n lists its node types) and every other e2e test.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

interface PackEntry {
	files: Array<{ path: string }>;
}

let files: string[];

beforeAll(() => {
	const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	if (pack.status !== 0) throw new Error(`npm pack --dry-run failed: ${pack.stderr}`);
	const [entry] = JSON.parse(pack.stdout) as PackEntry[];
	files = entry.files.map((file) => file.path).sort();
});

test('npm pack ships only dist/, README.md, LICENSE and package.json', () => {
	const outsideDist = files.filter((file) => !file.startsWith('dist/'));
	expect(outsideDist.sort()).toEqual(['LICENSE', 'README.md', 'package.json']);
	expect(
		files.filter(
			(file) =>
				/(^|\/)(test|sandbox|scripts|bench|examples)\//.test(file) ||
				(file.endsWith('.ts') && !file.endsWith('.d.ts')),
		),
	).toEqual([]);
	expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
});

test('every node and credential package.json declares is in the package, with its icon', () => {
	const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[]; credentials: string[] };
	};
	for (const declared of [...manifest.n8n.nodes, ...manifest.n8n.credentials])
		expect(files).toContain(declared);
	expect(files.filter((file) => file.endsWith('.svg')).length).toBeGreaterThan(0);
	expect(files).toEqual(
		expect.arrayContaining([
			'dist/nodes/Famulor/Famulor.node.json',
			'dist/nodes/FamulorTrigger/FamulorTrigger.node.json',
		]),
	);
});
