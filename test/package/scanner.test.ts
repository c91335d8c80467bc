/**
 * n8n's package scanner, as its reviewers run it for verified community nodes: 0 errors and 0 warnings on the
 * sources and on the packed package, and npm run lint has its rules (scripts/scan.ts; the scanner is an ES
 * module, so it runs under tsx).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import type { PackageScan } from '../../scripts/scan';

const ROOT = join(__dirname, '..', '..');

let result: PackageScan;

beforeAll(() => {
	// Without jest's NODE_ENV=test: eslint-plugin-n8n-nodes-base reads it and then lints fixture file names.
	const environment = { ...process.env };
	delete environment.NODE_ENV;
	const scan = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/scan.ts', '--json'], {
		cwd: ROOT,
		env: environment,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	if (scan.status === 2 || !scan.stdout) throw new Error(`the scan did not run: ${scan.stderr}`);
	result = JSON.parse(scan.stdout) as PackageScan;
}, 300_000);

test.each(['sources', 'packed'] as const)(
	'the scanner passes the %s with no errors and no warnings',
	(leg) => {
		const scanned = result[leg];
		expect(scanned.filesLinted).toBeGreaterThan(20);
		expect(scanned.findings).toEqual([]);
		expect(scanned.passed).toBe(true);
	},
);

test('npm run lint applies every rule the scanner applies (eslint.config.mjs), so a developer meets them first', () => {
	expect(result.rulesMissingFromLint).toEqual([]);
});
