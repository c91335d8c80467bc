/**
 * Each matrix entry's n8n installs from a lockfile recorded in the repo (runtime/locks/), so a fresh
 * machine downloads the tree once resolved instead of resolving it again (runtime/install.ts). A lock
 * that no longer matches its entry would install another n8n, or fail in `npm ci`.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';

import { MATRIX, runtimeLockFile } from '../../runtime';

interface Lock {
	lockfileVersion: number;
	packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
}

function lockOf(file: string): Lock {
	return JSON.parse(readFileSync(file, 'utf8')) as Lock;
}

describe.each(MATRIX.map((entry) => [entry.n8n, entry] as const))('n8n %s', (_, entry) => {
	const file = runtimeLockFile(entry);

	it('has a recorded lockfile', () => {
		expect(existsSync(file)).toBe(true);
	});

	it("locks the entry's n8n as the runtime's one dependency, and any xlsx at the override's 0.18.5", () => {
		const { packages } = lockOf(file);
		expect(packages[''].dependencies).toEqual({ n8n: entry.n8n });
		expect(packages['node_modules/n8n'].version).toBe(entry.n8n);
		const xlsx = Object.entries(packages).filter(([path]) => path.endsWith('node_modules/xlsx'));
		expect(xlsx.filter(([, locked]) => locked.version !== '0.18.5')).toEqual([]);
	});
});

it('keeps no lockfile of an n8n that left the matrix', () => {
	const folder = dirname(runtimeLockFile(MATRIX[0]));
	const recorded = new Set(MATRIX.map((entry) => basename(runtimeLockFile(entry))));
	expect(readdirSync(folder).filter((file) => !recorded.has(file))).toEqual([]);
});
