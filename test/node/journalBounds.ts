/**
 * The bounds of what requests that must not be repeated remember (MAX_JOURNAL_BYTES in this process,
 * MAX_CARRIED_JOURNAL_CHARS in the execution's data), as a test file sets them. The product reads
 * both constants where it applies them, so a file that mocks constants.ts with `boundedConstants()`
 * runs the product's own code with a smaller bound:
 *
 * jest.mock('../../nodes/shared/transport/constants', () =>
 * 	jest.requireActual<typeof import('./journalBounds')>('./journalBounds').boundedConstants(),
 * );
 */
import type * as Constants from '../../nodes/shared/transport/constants';

const actual = jest.requireActual<typeof Constants>('../../nodes/shared/transport/constants');

const DEFAULTS = {
	memoryBytes: actual.MAX_JOURNAL_BYTES,
	carriedChars: actual.MAX_CARRIED_JOURNAL_CHARS,
};

/** The bounds in force; a test lowers them, `resetJournalBounds` restores the product's. */
export const journalBounds = { ...DEFAULTS };

export function resetJournalBounds(): void {
	Object.assign(journalBounds, DEFAULTS);
}

/** constants.ts with the journal's bounds read from `journalBounds`. */
export function boundedConstants(): typeof Constants {
	return {
		...actual,
		get MAX_JOURNAL_BYTES() {
			return journalBounds.memoryBytes;
		},
		get MAX_CARRIED_JOURNAL_CHARS() {
			return journalBounds.carriedChars;
		},
	};
}
