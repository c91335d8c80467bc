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
	// One worker per core, no more: the tests drive their clocks instead of waiting for them, so a
	// worker keeps its core busy and a second one there only competes with it (issue 55). jest's own
	// default, one core fewer, would leave a core of a 2-core machine to the rest.
	maxWorkers: availableParallelism(),
	// n8n-core keeps HTTP agents alive after the last request; they hold no state a later test could see.
	forceExit: true,
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
