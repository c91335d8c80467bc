/** Jest config for the sandbox suite: npx jest -c test/sandbox/jest.config.js */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/sandbox'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/sandbox/tsconfig.json' }],
	},
	testTimeout: 20000,
};
