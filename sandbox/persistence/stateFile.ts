/**
 * A sandbox's state file (`--state-file`, which `npm start` passes): read once at start, written
 * after every request that may have changed something, after scheduled work (a call ending) and at
 * stop, through a temporary file and a rename so a crash never leaves half a file. A file that
 * cannot be used (another shape of records, not JSON) is moved aside to `<file>.unusable` and the
 * sandbox starts from its seed, saying why.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

import type { Sandbox, Seeder } from '../model/sandbox';
import { decodeSnapshot, encodeSnapshot, shapeOf } from '../model/snapshot';
import { State } from '../model/store';
import { resumeTimedWork } from './resume';

/** Writes come at most this often while requests keep changing the state. */
const SAVE_DELAY_MS = 200;

export interface StateFile {
	/** What the start did with the file, for the sandbox's start-up lines. */
	readonly loaded: string;
	/** The state changed: written within SAVE_DELAY_MS. */
	changed(): void;
	/** Written now (at stop). */
	save(): void;
}

/** The shape of the seeded store: what a snapshot must match to be read. */
function seededShape(seeder: Seeder): string {
	const fresh = new State(() => 0);
	seeder(fresh);
	return shapeOf(fresh);
}

function restore(sb: Sandbox, file: string, shape: string): string {
	if (!existsSync(file)) return `new (${file})`;
	let refused: string;
	try {
		const decoded = decodeSnapshot(readFileSync(file, 'utf8'), shape, () => sb.now());
		if (decoded instanceof State) {
			sb.state = decoded;
			resumeTimedWork(sb);
			return `restored from ${file}`;
		}
		refused = decoded.refused;
	} catch (error) {
		refused = error instanceof Error ? error.message : String(error);
	}
	renameSync(file, `${file}.unusable`);
	return `started from the seed: ${file} could not be used (${refused}); moved to ${file}.unusable`;
}

/** Restores `sb` from `file` when it holds a usable state of the shape `seeder` fills; returns the writer. */
export function openStateFile(sb: Sandbox, file: string, seeder: Seeder): StateFile {
	const shape = seededShape(seeder);
	const loaded = restore(sb, file, shape);
	let timer: ReturnType<typeof setTimeout> | undefined;
	const save = (): void => {
		if (timer) clearTimeout(timer);
		timer = undefined;
		const staging = `${file}.writing`;
		writeFileSync(staging, encodeSnapshot(sb.state, shape));
		renameSync(staging, file);
	};
	return {
		loaded,
		changed() {
			timer ??= setTimeout(save, SAVE_DELAY_MS);
		},
		save,
	};
}
