/**
 * One n8n user folder prepared per matrix entry and process (a jest run in band, a benchmark): the
 * packed package installed, the database migrated, the sandbox credential and the examples imported,
 * kept as a template. Each later test file gets a copy at the same path and starts its sandbox on the
 * same port, so the imported credential and the examples' file paths hold for the copy, and it packs,
 * installs and imports nothing. n8n accepts the copy: its sqlite database and the encryption key
 * (`.n8n/config`) travel together. When the folder is in use (two at once in one process) or the port
 * is taken, the caller prepares a fresh folder as before.
 */
import {
	cpSync,
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { isAlive, type MatrixEntry } from '../runtime';

const PREFIX = 'famulor-e2e-run-';

export interface RunFolder {
	/** The folder each test file works in: the template's copy, or the first one, prepared in place. */
	userFolder: string;
	/** The sandbox port the template's credential points at; undefined until the template exists. */
	sandboxPort?: number;
	/** Keeps the prepared folder as the template, with the port its credential points at. */
	keep(sandboxPort: number): void;
	/** Copies the template to `userFolder` (after the sandbox took its port). */
	copy(): void;
	/** Deletes `userFolder` and frees it for the next file. */
	release(): void;
}

/** Earlier runs' folders whose process has ended. */
function sweepEnded(): void {
	for (const name of readdirSync(tmpdir())) {
		const pid = Number(name.slice(PREFIX.length).split('-').at(-1));
		if (name.startsWith(PREFIX) && Number.isInteger(pid) && !isAlive(pid))
			rmSync(join(tmpdir(), name), { recursive: true, force: true });
	}
}

/** This process' folder for `entry`, or undefined while another file of this process uses it. */
export function runFolder(entry: MatrixEntry): RunFolder | undefined {
	const dir = join(tmpdir(), `${PREFIX}${entry.id}-${process.pid}`);
	const inUse = join(dir, 'in-use');
	const template = join(dir, 'template');
	const meta = join(dir, 'template.json');
	if (!existsSync(dir)) sweepEnded();
	if (existsSync(inUse)) return undefined;
	const userFolder = join(dir, 'n8n');
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	writeFileSync(inUse, '');
	const sandboxPort = existsSync(meta)
		? (JSON.parse(readFileSync(meta, 'utf8')) as { sandboxPort: number }).sandboxPort
		: undefined;
	return {
		userFolder,
		sandboxPort,
		keep: (port) => {
			cpSync(userFolder, template, { recursive: true });
			writeFileSync(meta, JSON.stringify({ sandboxPort: port }));
		},
		copy: () => cpSync(template, userFolder, { recursive: true }),
		release: () => {
			rmSync(userFolder, { recursive: true, force: true });
			rmSync(inUse, { force: true });
		},
	};
}
