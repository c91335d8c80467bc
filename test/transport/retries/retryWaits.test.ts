/**
 * How long a retry waits after a failure (retryWaits.ts): exponential backoff from
 * RETRY_BASE_DELAY_MS, capped at MAX_BACKOFF_DELAY_MS, with full jitter over its upper half. A 429's
 * wait is the pacer's (../pacing/).
 */
import {
	MAX_BACKOFF_DELAY_MS,
	RETRY_BASE_DELAY_MS,
} from '../../../nodes/shared/transport/constants';
import { backoffCeiling, backoffDelay } from '../../../nodes/shared/transport/retries/retryWaits';

afterEach(() => {
	jest.restoreAllMocks();
});

describe('the backoff after a failed attempt', () => {
	it.each<[number, number]>([
		[1, RETRY_BASE_DELAY_MS],
		[2, 2 * RETRY_BASE_DELAY_MS],
		[3, 4 * RETRY_BASE_DELAY_MS],
		[6, MAX_BACKOFF_DELAY_MS],
		[40, MAX_BACKOFF_DELAY_MS],
	])('after attempt %i is at most %i ms', (attempt, ceiling) => {
		expect(backoffCeiling(attempt)).toBe(ceiling);
	});

	it.each<[string, number, number, number]>([
		['the lowest draw waits half the ceiling', 0, 1, RETRY_BASE_DELAY_MS / 2],
		['the highest draw waits the whole ceiling', 1 - Number.EPSILON, 1, RETRY_BASE_DELAY_MS],
		['a middle draw waits three quarters', 0.5, 3, 3 * RETRY_BASE_DELAY_MS],
		['the cap holds for the highest draw', 1 - Number.EPSILON, 40, MAX_BACKOFF_DELAY_MS],
	])('%s', (_case, draw, attempt, waitMs) => {
		jest.spyOn(Math, 'random').mockReturnValue(draw);
		expect(backoffDelay(attempt)).toBe(waitMs);
	});
});
