/**
 * The observer of the service's X-RateLimit-* headers (budgetView.ts): the one owner of the reset's
 * unit, and what one answer makes of the view.
 */
import { AccountBudget } from '../../nodes/shared/transport/accountBudget';
import {
	EMPTY_VIEW,
	observe,
	resetAtMs,
	WINDOW_WITHOUT_RESET_MS,
	type Answer,
	type Shape,
} from '../../nodes/shared/transport/budgetView';

const NOW = 1_800_000_000_000;
const RESET_SECONDS = NOW / 1000 + 60;
const SHAPE: Shape = { longestMs: 60_000, shareWindowMs: 10_000, paceMs: 500, sharedPaceMs: 525 };

const answer = (headers: Record<string, string>, status = 200, now = NOW): Answer => ({
	headers,
	status,
	startedAt: now - 50,
	now,
	underWay: [],
	resumedAt: 0,
	priorClients: 1,
});

describe('X-RateLimit-Reset, in the one unit the docs show (Unix seconds)', () => {
	it.each([
		['Unix seconds', String(RESET_SECONDS), RESET_SECONDS * 1000],
		['Unix seconds with a fraction', '1800000060.5', 1_800_000_060_500],
		['seconds from now (refused)', '30', undefined],
		['zero (refused)', '0', undefined],
		['a date (refused)', 'Tue, 16 Feb 2021 09:02:42 GMT', undefined],
		['empty', ' ', undefined],
		['absent', undefined, undefined],
	])('%s', (_, text, expected) => {
		expect(resetAtMs(text)).toBe(expected);
	});

	it('a refused reset holds X-RateLimit-Remaining: 0 for one documented window, and counts no others', () => {
		const observed = observe(
			EMPTY_VIEW,
			answer({
				'X-RateLimit-Limit': '100',
				'X-RateLimit-Remaining': '0',
				'X-RateLimit-Reset': '30',
			}),
			SHAPE,
		);
		expect(observed.kind === 'report' && observed.view.resetAt).toBe(NOW + WINDOW_WITHOUT_RESET_MS);
		expect(observed.kind === 'report' && observed.evidence).toBeUndefined();
	});

	it('names a refused reset in the message of a wait longer than a request may', async () => {
		jest.useFakeTimers({ now: NOW });
		try {
			const budget = new AccountBudget([{ limit: 100, windowMs: 60_000 }]);
			const release = await budget.acquire(1_000);
			release(
				{ 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '30' },
				200,
			);
			await expect(budget.acquire(1_000)).rejects.toThrow(
				'X-RateLimit-Reset: 30, which is no Unix time, so one window of 60 s',
			);
		} finally {
			jest.useRealTimers();
		}
	});
});

describe('one answer', () => {
	const headers = (remaining: number) => ({
		'X-RateLimit-Limit': '100',
		'X-RateLimit-Remaining': String(remaining),
		'X-RateLimit-Reset': String(RESET_SECONDS),
	});

	it.each([
		['without budget headers: nothing', {}, 200, 'none'],
		['refused by the account-wide limit (429, 0 left): not counted', headers(0), 429, 'refused'],
		["an endpoint's 429 (the account counted it): a report", headers(90), 429, 'report'],
		['a success: a report', headers(90), 200, 'report'],
	])('%s', (_, sent, status, kind) => {
		expect(observe(EMPTY_VIEW, answer(sent, status), SHAPE).kind).toBe(kind);
	});

	it("reveals the others' requests as the used count beyond this process's own, and counts the clients", () => {
		const first = observe(EMPTY_VIEW, answer(headers(99)), SHAPE);
		if (first.kind !== 'report') throw new Error('no report');
		expect(first.evidence?.othersNow).toBe(0);
		expect(first.view.clients).toBe(1);
		const second = observe(first.view, answer(headers(95), 200, NOW + 500), SHAPE);
		if (second.kind !== 'report') throw new Error('no report');
		// 5 used, 2 of them this process's: 3 others'.
		expect(second.evidence?.othersNow).toBe(3);
		expect(second.view.clients).toBeGreaterThan(1);
		// The view the first answer made is unchanged: views are immutable.
		expect(first.view.others).toHaveLength(0);
	});

	it('does not read an answer that overtook one of ours as a sign of others', () => {
		const first = observe(EMPTY_VIEW, answer(headers(99)), SHAPE);
		if (first.kind !== 'report') throw new Error('no report');
		// 3 used: this one, the first, and one of ours that started before it and is still under way.
		const overtaking = { ...answer(headers(97), 200, NOW + 500), underWay: [NOW + 400] };
		const second = observe(first.view, overtaking, SHAPE);
		expect(second.kind === 'report' && second.evidence?.othersNow).toBe(0);
	});
});
