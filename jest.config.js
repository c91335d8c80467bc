/** Unit, node, trigger and sandbox tests: everything but the real-n8n end-to-end suite. */
const { availableParallelism } = require('node:os');

module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
	testTimeout: 30000,
	// Most of a file's time is waiting (the sandbox's processing and deadlines, retries' backoff, the
	// service's windows), not CPU, so even 2 cores keep four workers busy (jest's default is one there).
	maxWorkers: Math.max(4, availableParallelism() - 1),
	// n8n-core keeps HTTP agents alive after the last request; they hold no state a later test could see.
	forceExit: true,
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
