// Lint as n8n's package scanner does: the community-nodes recommended rules plus no-console on the
// published code (nodes/, credentials/, package.json). Tests, the sandbox and tools get TypeScript
// checks only, since they may use process, timers and the file system.
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tseslint from 'typescript-eslint';

const publishedCode = ['nodes/**/*.ts', 'credentials/**/*.ts'];

export default [
	{
		ignores: [
			'dist/**',
			'node_modules/**',
			'n8n-runtime/**',
			'.n8n-local/**',
			'coverage/**',
			'**/*.js',
			'**/*.mjs',
			'**/*.cjs',
			'**/*.d.cts',
		],
	},
	...tseslint.configs.recommended.map((config) => ({ ...config, files: ['**/*.ts'] })),
	{
		...n8nCommunityNodesPlugin.configs.recommended,
		files: [...publishedCode, 'package.json'],
		languageOptions: { parser: tseslint.parser },
	},
	{
		files: publishedCode,
		rules: { 'no-console': 'error' },
	},
	{
		files: ['test/**/*.ts', 'sandbox/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
		rules: {
			'@typescript-eslint/no-non-null-assertion': 'off',
			'@typescript-eslint/no-explicit-any': 'off',
		},
	},
];
