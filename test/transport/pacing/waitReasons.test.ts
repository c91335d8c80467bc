/**
 * What n8n's log says about a wait (waitReasons.ts): each reason the decision gives (decide.ts) in
 * words, with the numbers behind it, and why a wait is longer than a request may wait. The line's
 * place in the log, through the transport: ../retries/waitLog.test.ts.
 */
import type { RateLimit } from '../../../nodes/shared/transport/credentials';
import { EMPTY_VIEW, type BudgetView } from '../../../nodes/shared/transport/pacing/budgetView';
import type { Reason } from '../../../nodes/shared/transport/pacing/decide';
import {
	explainWait,
	refusalTooLong,
	resetTooLong,
	type WaitContext,
} from '../../../nodes/shared/transport/pacing/waitReasons';

const NOW = 1_800_000_000_000;
const RESET_SECONDS = NOW / 1000 + 90;
const WINDOWS: RateLimit[] = [
	{ limit: 60, windowMs: 60_000 },
	{ limit: 10, windowMs: 10_000 },
];
const REPORTED: BudgetView = {
	...EMPTY_VIEW,
	remaining: 0,
	resetHeader: String(RESET_SECONDS),
	lastHeard: NOW,
};
const GENERATE_REPLY = { name: 'generate-reply', limit: { limit: 5, windowMs: 60_000 } };

const waiting = (reason: Reason, over: Partial<WaitContext> = {}): WaitContext => ({
	reason,
	view: REPORTED,
	clients: 3,
	windows: WINDOWS,
	...over,
});
const REPORT = `X-RateLimit-Remaining: 0, X-RateLimit-Reset: ${RESET_SECONDS}`;

describe('a wait, in words', () => {
	it.each<[string, WaitContext, string]>([
		[
			"a 429's, with the service's last report",
			waiting('blocked'),
			`the service answered 429 for this API token (${REPORT}); nothing is sent until the wait it asked for ends`,
		],
		[
			'a 429 before any report',
			waiting('blocked', { view: EMPTY_VIEW }),
			'the service answered 429 for this API token (no X-RateLimit headers heard yet); nothing is sent until the wait it asked for ends',
		],
		[
			'a report without a reset',
			waiting('reset', { view: { ...REPORTED, resetHeader: undefined } }),
			"this process's share of the API token's minute window is spent (X-RateLimit-Remaining: 0, X-RateLimit-Reset: none, 3 client(s) share it); it resumes after the reset",
		],
		[
			"the token's own windows, each named",
			waiting('window'),
			"the API token's general limit (60 per 60 s, 10 per 10 s) is reached by the requests of this n8n process",
		],
		[
			'a turn in the shared burst window, with the clients counted',
			waiting('turn', { clients: 2 }),
			`the API token's burst window is shared with 2 client(s) (${REPORT}); it waits for its turn in the next one`,
		],
		[
			"an endpoint's limit this process spends part of",
			waiting('endpoint', { endpoint: { ...GENERATE_REPLY, share: 2 } }),
			'the generate-reply limit of 5 per 60 s is reached, of which this process spends 2 now',
		],
		[
			"an endpoint's limit this process spends whole",
			waiting('endpoint', { endpoint: { ...GENERATE_REPLY, share: 5 } }),
			'the generate-reply limit of 5 per 60 s is reached',
		],
		['an endpoint not named', waiting('endpoint'), "an endpoint's own limit is reached"],
		['answers first', waiting('answers'), 'its requests under way are answered first'],
	])('%s', (_case, context, words) => {
		expect(explainWait(context)).toBe(words);
	});
});

describe('a wait longer than a request may wait', () => {
	const tooLong = (resetHeader: string | undefined) =>
		resetTooLong({ ...REPORTED, resetHeader }, 300_000);

	it.each<[string, string | undefined, number, string]>([
		[
			'the reset the header names',
			String(RESET_SECONDS),
			RESET_SECONDS * 1000,
			`X-RateLimit-Reset: ${RESET_SECONDS})`,
		],
		[
			'one window after the answer without a reset',
			undefined,
			NOW + 60_000,
			'no X-RateLimit-Reset, so one window of 60 s)',
		],
		[
			'one window after the answer whose reset is no Unix time',
			'30',
			NOW + 60_000,
			'X-RateLimit-Reset: 30, which is no Unix time, so one window of 60 s)',
		],
	])('ends at %s, and says so', (_case, resetHeader, resetAt, header) => {
		expect(tooLong(resetHeader)).toBe(
			`the service's rate limit for this API token has no request to spare until ${new Date(resetAt).toISOString()} (X-RateLimit-Remaining: 0, ${header}, later than the 300 s a request may wait`,
		);
	});

	it('of a 429 names what the 429 asked for and when its wait ends', () => {
		const refusal = {
			startedAt: NOW - 100,
			at: NOW,
			until: NOW + 400_000,
			holdsAll: true,
			why: 'Retry-After: 400',
		};
		expect(refusalTooLong(refusal, 299_600)).toBe(
			`Retry-After: 400: its wait ends at ${new Date(NOW + 400_000).toISOString()}, later than the 300 s a request may still wait`,
		);
	});
});
