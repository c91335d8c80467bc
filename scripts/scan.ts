/**
 * n8n's package scanner (`@n8n/scan-community-package`, pinned in package.json) as n8n's reviewers run it,
 * minus the registry: its `analyzePackage` on the sources (its `SOURCE_FILE_PATTERNS`) and on the packed
 * package (compiled `.js` and package.json, as its tarball leg does). Needs no network.
 *
 * `analyzePackage` passes on zero errors and shows warnings only beside errors, so the findings (errors and
 * warnings) are listed by linting the same files with the scanner's own config (`buildScanConfig`).
 * `npm run scan` prints them and fails on any; `--json` prints the result for test/package/scanner.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { ESLint } from 'eslint';

import { packPackage, ROOT } from '../runtime/userFolder';

/** The scanner's tarball leg lints only these (its `analyzePackageByName`). */
const PACKED_FILE_PATTERNS = ['**/*.js', 'package.json'];

/** What `npm run build` reads; a build that needs more fails in the staging folder and says so. */
const BUILD_INPUTS = [
	'package.json',
	'README.md',
	'LICENSE',
	'tsconfig.json',
	'tsconfig.build.json',
	'gulpfile.js',
	'scripts/clean.ts',
	'icons',
	'nodes',
	'credentials',
];

export interface ScanFinding {
	file: string;
	line: number;
	severity: 'error' | 'warning';
	rule: string | null;
	message: string;
}

export interface ScanResult {
	/** The scanner's own verdict (`analyzePackage(...).passed`). */
	passed: boolean;
	filesLinted: number;
	findings: ScanFinding[];
}

type ScannerModule = typeof import('@n8n/scan-community-package/scanner/scanner.mjs');

// The scanner is an ES module (typed in scanner.d.ts); tsx loads it.
const loadScanner = (): Promise<ScannerModule> =>
	import('@n8n/scan-community-package/scanner/scanner.mjs');

async function scanDirectory(
	scanner: ScannerModule,
	dir: string,
	patterns: string[],
): Promise<ScanResult> {
	const verdict = await scanner.analyzePackage(dir, patterns);
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: await scanner.buildScanConfig(),
	});
	// The scanner's glob, with its ignores (fast-glob, as it uses).
	const glob = (await import('fast-glob')).default;
	const files = glob.sync(patterns, {
		cwd: dir,
		absolute: true,
		ignore: ['node_modules/**', '**/package-lock.json'],
	});
	const results = await eslint.lintFiles(files);
	const findings = results.flatMap((result) =>
		result.messages.map((message): ScanFinding => ({
			file: relative(dir, result.filePath),
			line: message.line,
			severity: message.severity === 2 ? 'error' : 'warning',
			rule: message.ruleId,
			message: message.message,
		})),
	);
	return { passed: verdict.passed, filesLinted: files.length, findings };
}

function run(command: string, args: string[], cwd: string): void {
	const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
	if (result.status !== 0)
		throw new Error(
			`${command} ${args.join(' ')} failed in ${cwd}:\n${result.stdout}${result.stderr}`,
		);
}

/** Builds a copy of the package in a temporary folder (the working tree's dist/ stays as it is), packs and unpacks it. */
function packIntoTemporaryFolder(workDir: string): string {
	const staging = join(workDir, 'staging');
	for (const input of BUILD_INPUTS)
		cpSync(join(ROOT, input), join(staging, input), { recursive: true });
	symlinkSync(join(ROOT, 'node_modules'), join(staging, 'node_modules'), 'dir');
	run('npm', ['run', 'build', '--silent'], staging);
	const tarball = packPackage(join(workDir, 'pack'), staging);
	const unpacked = join(workDir, 'package');
	mkdirSync(unpacked);
	run('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1'], workDir);
	return unpacked;
}

/** A file of each kind the scanner's rule sets tell apart. */
const RULE_SET_SAMPLES = [
	'package.json',
	'credentials/FamulorAiApi.credentials.ts',
	'nodes/Famulor/Famulor.node.ts',
];

type RuleEntry = number | string | [number | string, ...unknown[]];
interface ConfigRules {
	rules: Record<string, RuleEntry>;
}
const isOn = (entry: RuleEntry | undefined): boolean => {
	const severity = Array.isArray(entry) ? entry[0] : entry;
	return severity !== undefined && severity !== 0 && severity !== 'off';
};

/** Rules the scanner applies to a file that `npm run lint` (eslint.config.mjs) does not, as `file: rule`. */
async function rulesMissingFromLint(scanner: ScannerModule): Promise<string[]> {
	const scanEslint = new ESLint({
		cwd: ROOT,
		overrideConfigFile: true,
		overrideConfig: await scanner.buildScanConfig(),
	});
	const projectEslint = new ESLint({ cwd: ROOT });
	const missing: string[] = [];
	for (const file of RULE_SET_SAMPLES) {
		const scanRules = ((await scanEslint.calculateConfigForFile(file)) as ConfigRules).rules;
		const projectRules = ((await projectEslint.calculateConfigForFile(file)) as ConfigRules).rules;
		for (const [rule, entry] of Object.entries(scanRules))
			if (isOn(entry) && !isOn(projectRules[rule])) missing.push(`${file}: ${rule}`);
	}
	return missing;
}

export interface PackageScan {
	sources: ScanResult;
	packed: ScanResult;
	rulesMissingFromLint: string[];
}

export async function scanPackage(): Promise<PackageScan> {
	const scanner = await loadScanner();
	const sources = await scanDirectory(scanner, ROOT, scanner.SOURCE_FILE_PATTERNS);
	const workDir = mkdtempSync(join(tmpdir(), 'famulor-scan-'));
	try {
		const packed = await scanDirectory(
			scanner,
			packIntoTemporaryFolder(workDir),
			PACKED_FILE_PATTERNS,
		);
		return { sources, packed, rulesMissingFromLint: await rulesMissingFromLint(scanner) };
	} finally {
		rmSync(workDir, { recursive: true, force: true });
	}
}

function report(name: string, result: ScanResult): string {
	const lines = result.findings.map(
		(finding) =>
			`  ${finding.file}:${finding.line} ${finding.severity} ${finding.rule ?? ''} ${finding.message}`,
	);
	const verdict = result.passed ? 'passes' : 'FAILS';
	return [
		`${name}: scanner ${verdict}, ${result.filesLinted} files, ${result.findings.length} findings`,
		...lines,
	].join('\n');
}

if (require.main === module) {
	scanPackage().then(
		(result) => {
			if (process.argv.includes('--json')) process.stdout.write(JSON.stringify(result));
			else
				process.stdout.write(
					[
						report('sources', result.sources),
						report('packed package', result.packed),
						`rules the scanner applies that npm run lint does not: ${result.rulesMissingFromLint.join(', ') || 'none'}`,
					].join('\n') + '\n',
				);
			const clean =
				result.rulesMissingFromLint.length === 0 &&
				[result.sources, result.packed].every((leg) => leg.passed && leg.findings.length === 0);
			process.exitCode = clean ? 0 : 1;
		},
		(error: unknown) => {
			process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
			process.exitCode = 2;
		},
	);
}
