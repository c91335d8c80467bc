/**
 * The observer of the service's X-RateLimit-* headers (budgetView.ts): the one owner of the reset's
 * unit, and what one answer makes of the view.
 */
import {
	EMPTY_VIEW,
	observe,
	resetAtMs,
	resetAtOf,
	WINDOW_WITHOUT_RESET_MS,
	type Answer,
	type Shape,
} from '../../../nodes/shared/transport/pacing/budgetView';
import { resetTooLong } from '../../../nodes/shared/transport/pacing/waitReasons';

const NOW = 1_800_000_000_000;
const RESET_SECONDS = NOW / 1000 + 60;
const SHAPE: Shape = { longestMs: 60_000, shareWindowMs: 10_000 };

const answer = (headers: Record<string, string>, status = 200, now = NOW): Answer => ({
	headers,
	status,
	startedAt: now - 50,
	now,
	underWay: [],
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

	/** An answer whose X-RateLimit-Reset is seconds from now, which the docs do not show. */
	const refusedReset = () =>
		observe(
			EMPTY_VIEW,
			answer({
				'X-RateLimit-Limit': '100',
				'X-RateLimit-Remaining': '0',
				'X-RateLimit-Reset': '30',
			}),
			SHAPE,
		);

	it('a refused reset holds X-RateLimit-Remaining: 0 for one documented window, and counts no others', () => {
		const observed = refusedReset();
		expect(observed.kind === 'report' && resetAtOf(observed.view)).toBe(
			NOW + WINDOW_WITHOUT_RESET_MS,
		);
		// Not counted: the counts of the service's windows are the empty view's.
		expect(observed.kind === 'report' && observed.view.counts).toBe(EMPTY_VIEW.counts);
	});

	it('names a refused reset in the message of a wait longer than a request may', () => {
		const observed = refusedReset();
		if (observed.kind !== 'report') throw new Error('no report');
		expect(resetTooLong(observed.view, 1_000)).toContain(
			'X-RateLimit-Reset: 30, which is no Unix time, so one window of 60 s',
		);
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
		expect(first.view.others).toEqual([]);
		expect(first.clients).toBe(1);
		const second = observe(first.view, answer(headers(95), 200, NOW + 500), SHAPE);
		if (second.kind !== 'report') throw new Error('no report');
		// 5 used, 2 of them this process's: 3 others', stamped when the answer arrived.
		expect(second.view.others).toEqual([{ at: NOW + 500, count: 3 }]);
		expect(second.view.counts.othersInWindow).toBe(3);
		expect(second.clients).toBeGreaterThan(1);
		// The view the first answer made is unchanged: views are immutable.
		expect(first.view.others).toHaveLength(0);
	});

	it('does not read an answer that overtook one of ours as a sign of others', () => {
		const first = observe(EMPTY_VIEW, answer(headers(99)), SHAPE);
		if (first.kind !== 'report') throw new Error('no report');
		// 3 used: this one, the first, and one of ours that started before it and is still under way.
		const overtaking = { ...answer(headers(97), 200, NOW + 500), underWay: [NOW + 400] };
		const second = observe(first.view, overtaking, SHAPE);
		expect(second.kind === 'report' && second.view.others).toEqual([]);
		expect(second.kind === 'report' && second.clients).toBe(1);
	});
});

describe("the others' requests in time", () => {
	const BURST_SHAPE: Shape = { ...SHAPE, shareLimit: 20 };
	const report = (remaining: number, now: number, reset = RESET_SECONDS) =>
		answer(
			{
				'X-RateLimit-Limit': '100',
				'X-RateLimit-Remaining': String(remaining),
				'X-RateLimit-Reset': String(reset),
			},
			200,
			now,
		);
	/** A 429 with nothing left, its reset the end of the window that refused it. */
	const refusal = (now: number, resetSeconds: number) =>
		answer(
			{
				'X-RateLimit-Limit': '100',
				'X-RateLimit-Remaining': '0',
				'X-RateLimit-Reset': String(resetSeconds),
			},
			429,
			now,
		);
	const viewOf = (observation: ReturnType<typeof observe>) => {
		if (observation.kind === 'none') throw new Error('no view');
		return observation.view;
	};
	const clientsOf = (observation: ReturnType<typeof observe>) =>
		observation.kind === 'report' ? observation.clients : undefined;

	it.each([
		['two refusals of burst windows', [NOW / 1000 + 10, NOW / 1000 + 20]],
		['two refusals of one window', [NOW / 1000 + 10, NOW / 1000 + 10]],
		["a refusal of the minute itself (the report's reset)", [RESET_SECONDS]],
	])(
		'%s: the view stays as it was, and the 40 of the others a later answer reveals are stamped when it arrives',
		(_, resets) => {
			let view = EMPTY_VIEW;
			resets.forEach((reset, index) => {
				const refused = observe(view, refusal(NOW + index * 10_000, reset), BURST_SHAPE);
				expect(refused).toEqual({ kind: 'refused', view });
				view = viewOf(refused);
			});
			// 41 used: this request and 40 of the others'.
			const revealed = viewOf(observe(view, report(59, NOW + 20_000), BURST_SHAPE));
			expect(revealed.others.map((seen) => [seen.at, seen.count])).toEqual([[NOW + 20_000, 40]]);
		},
	);

	it("counts each minute window afresh: its first answer's used count less this request is the others'", () => {
		let view = EMPTY_VIEW;
		// Five of its own counted at the end of a minute window, refused in the next one's first burst
		// window, then the next minute's first answer: 21 used there, 1 of them this process's.
		for (let used = 1; used <= 5; used++)
			view = viewOf(
				observe(view, report(100 - used, NOW + used * 100, NOW / 1000 + 1), BURST_SHAPE),
			);
		view = viewOf(observe(view, refusal(NOW + 1_000, NOW / 1000 + 10), BURST_SHAPE));
		const revealed = viewOf(observe(view, report(79, NOW + 12_000, NOW / 1000 + 61), BURST_SHAPE));
		expect(revealed.others.map((seen) => [seen.at, seen.count])).toEqual([[NOW + 12_000, 20]]);
		expect(revealed.counts).toMatchObject({ ownInWindow: 1, othersInWindow: 20 });
	});

	it("stamps what a later answer of the same window reveals when it arrives: the stamp's lag is the margin for the others' requests not yet revealed", () => {
		let view = viewOf(observe(EMPTY_VIEW, report(99, NOW), BURST_SHAPE));
		view = viewOf(observe(view, refusal(NOW + 1_000, NOW / 1000 + 10), BURST_SHAPE));
		const revealed = viewOf(observe(view, report(90, NOW + 10_000), BURST_SHAPE));
		expect(revealed.others.map((seen) => [seen.at, seen.count])).toEqual([[NOW + 10_000, 8]]);
	});

	it.each([
		['within the longest window after their last: still sharing', 50_000, 89, RESET_SECONDS, 1, 2],
		['a longest window after their last: alone again', 60_001, 99, RESET_SECONDS + 60, 0, 1],
	])(
		"keeps the others' requests for the longest window: %s",
		(_, after, remaining, reset, seen, clients) => {
			const first = viewOf(observe(EMPTY_VIEW, report(99, NOW), SHAPE));
			// 10 used, 2 of them this process's: 8 of the others'.
			const busy = observe(first, report(90, NOW + 1_000), SHAPE);
			expect(clientsOf(busy)).toBeGreaterThanOrEqual(2);
			const later = observe(viewOf(busy), report(remaining, NOW + 1_000 + after, reset), SHAPE);
			expect(viewOf(later).others).toHaveLength(seen);
			expect(clientsOf(later)).toBe(clients);
		},
	);
});
