// The parts of n8n's package scanner (an untyped ES module) that scripts/scan.ts uses.
declare module '@n8n/scan-community-package/scanner/scanner.mjs' {
	import type { ESLint } from 'eslint';

	export const SOURCE_FILE_PATTERNS: string[];
	export function analyzePackage(
		packageDir: string,
		filePatterns?: string[],
	): Promise<{ passed: boolean; message?: string; details?: string }>;
	export function buildScanConfig(): Promise<NonNullable<ESLint.Options['overrideConfig']>>;
}
