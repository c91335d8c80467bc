import type { IDataObject } from 'n8n-workflow';

import { MAX_WHOLE_ANSWER_CHARS } from '../constants';
import type { CarriedOutcome } from './lineage';

/**
 * What the journal remembers of a request (journal.ts): how it ended, and of a large answer only its
 * IDs.
 */

/**
 * What the user is told about an earlier failure of the same request: its message, description and
 * context.
 */
export interface RememberedError {
	message: string;
	description?: string;
	context: IDataObject;
}

/**
 * How a request that must not be repeated ended: with an answer (whole, or only its IDs when it was
 * large), without knowing whether it took effect, or sent with its answer since dropped to stay
 * within the memory bound (a tombstone: it is still never sent again).
 */
export type RememberedOutcome =
	| { kind: 'answered'; answer: IDataObject }
	| { kind: 'unknown'; error: RememberedError }
	| { kind: 'answerNotKept' };

/** An outcome as the execution's data carries it (lineage.ts): a kind letter, then the JSON. */
export function decodeCarried(carried: CarriedOutcome): RememberedOutcome {
	if (carried.startsWith('a'))
		return { kind: 'answered', answer: JSON.parse(carried.slice(1)) as IDataObject };
	if (carried.startsWith('u'))
		return { kind: 'unknown', error: JSON.parse(carried.slice(1)) as RememberedError };
	return { kind: 'answerNotKept' };
}

/** The field added to an answer of which only the IDs were kept. */
export const ONLY_IDS_NOTE_FIELD = 'famulorNote';
export const ONLY_IDS_NOTE =
	'Sent in an earlier try of this execution or of the execution it retries; its answer was too large to keep, so only its IDs are shown';

const ID_KEY = /^(id|uuid)$|(_id|_ids|_uuid|Id|Ids|Uuid)$/;

/** The IDs of an answer, where they stood (nested objects and lists kept), and nothing else. */
function idsOf(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(idsOf).filter((entry) => entry !== undefined);
	if (typeof value !== 'object' || value === null) return undefined;
	const kept: IDataObject = {};
	for (const [key, entry] of Object.entries(value as IDataObject)) {
		const isObject = typeof entry === 'object' && entry !== null && !Array.isArray(entry);
		if (ID_KEY.test(key) && !isObject) kept[key] = entry;
		else if (typeof entry === 'object' && entry !== null) {
			const nested = idsOf(entry);
			const empty = Array.isArray(nested)
				? nested.length === 0
				: Object.keys(nested as IDataObject).length === 0;
			if (!empty) kept[key] = nested as IDataObject;
		}
	}
	return kept;
}

/**
 * The answer the journal keeps, as JSON: whole when small, else its IDs with a note saying so (also
 * inside `data`).
 */
export function answerToKeep(answer: IDataObject): string {
	const whole = JSON.stringify(answer);
	if (whole.length <= MAX_WHOLE_ANSWER_CHARS) return whole;
	const ids = idsOf(answer);
	if (Array.isArray(ids)) return JSON.stringify(ids);
	const kept: IDataObject = { ...(ids as IDataObject), [ONLY_IDS_NOTE_FIELD]: ONLY_IDS_NOTE };
	const data = kept.data;
	if (typeof data === 'object' && data !== null && !Array.isArray(data))
		(data as IDataObject)[ONLY_IDS_NOTE_FIELD] = ONLY_IDS_NOTE;
	return JSON.stringify(kept);
}
