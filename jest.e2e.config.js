/** End-to-end tests in a real n8n (and its editor in Chromium); run after `npm run build`. */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
	testTimeout: 180000,
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
