// Lint as n8n's package scanner (@n8n/scan-community-package, its buildScanConfig) and `n8n-node lint` do:
// the community-nodes recommended rules plus no-console on the published code (nodes/, credentials/,
// package.json), and eslint-plugin-n8n-nodes-base's community (package.json), credentials and nodes rule
// sets with the scanner's overrides. test/package/scanner.test.ts checks that every rule the scanner
// applies is on here too. Tests, the sandbox and tools get TypeScript checks only, since they may use
// process, timers and the file system.
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

const nodeFiles = ['nodes/**/*.ts'];
const credentialFiles = ['credentials/**/*.ts'];
const publishedCode = [...nodeFiles, ...credentialFiles];

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
		files: [...publishedCode, 'package.json'],
		rules: { 'no-console': 'error' },
	},
	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	{
		files: ['package.json'],
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: credentialFiles,
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// The scanner's overrides: not valid for community nodes; the community-nodes
			// credential-password-field rule covers the password option more accurately.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: nodeFiles,
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// The scanner's overrides: inputs/outputs may be the NodeConnectionTypes enum, and
			// maxValue may state the service's own maximum.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
	{
		files: [
			'test/**/*.ts',
			'harness/**/*.ts',
			'sandbox/**/*.ts',
			'bench/**/*.ts',
			'scripts/**/*.ts',
			'runtime/**/*.ts',
		],
		rules: {
			'@typescript-eslint/no-non-null-assertion': 'off',
			'@typescript-eslint/no-explicit-any': 'off',
		},
	},
];
