/** Unit, node, trigger and sandbox tests: everything but the real-n8n end-to-end suite. */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
	testTimeout: 30000,
	// n8n-core keeps HTTP agents alive after the last request; they hold no state a later test could see.
	forceExit: true,
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
