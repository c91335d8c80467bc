/**
 * The Node.js versions package.json declares are the truth for a clone: every locked package (dev
 * dependencies included, which `npm ci` installs) accepts each of them, so `npm ci` on a supported Node
 * prints no EBADENGINE warning.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { subset } from 'semver';

const ROOT = join(__dirname, '..', '..');
const read = <T>(file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as T;

const supported = read<{ engines: { node: string } }>('package.json').engines.node;
const locked = read<{
	packages: Record<string, { version?: string; engines?: { node?: string } }>;
}>('package-lock.json').packages;

test('every locked package accepts every Node.js version package.json declares', () => {
	const refusing = Object.entries(locked)
		.filter(([path, meta]) => path !== '' && meta.engines?.node !== undefined)
		.filter(([, meta]) => !subset(supported, meta.engines?.node ?? '*'))
		.map(([path, meta]) => `${path}@${meta.version}: node ${meta.engines?.node}`);
	expect(refusing).toEqual([]);
});
