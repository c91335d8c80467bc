/**
 * What `npm run test:e2e` runs on which n8n (scripts/e2ePlan.ts): the whole suite and queue mode on
 * the newest entry, the smoke subset on the older ones, or one depth everywhere.
 */
import { existsSync, readdirSync } from 'node:fs';

import { MATRIX, NEWEST } from '../../runtime';
import {
	E2E_ROOT,
	QUEUE_TESTS,
	SMOKE_TESTS,
	batchesOf,
	e2eRuns,
	jestArgsOf,
	type Coverage,
} from '../../scripts/e2ePlan';

const [older, middle] = MATRIX;
const ids = (runs: ReturnType<typeof e2eRuns>) => runs.map((run) => `${run.entry.id} ${run.part}`);

describe('the runs of each coverage', () => {
	it.each<[string, Coverage, boolean, typeof MATRIX, string[]]>([
		[
			'the plan: smoke on the older entries, the whole suite and queue mode on the newest',
			'plan',
			true,
			MATRIX,
			[`${older.id} smoke`, `${middle.id} smoke`, `${NEWEST.id} full`, `${NEWEST.id} queue`],
		],
		[
			'test:e2e:all: the whole suite everywhere, then queue mode',
			'full',
			true,
			MATRIX,
			[`${older.id} full`, `${middle.id} full`, `${NEWEST.id} full`, `${NEWEST.id} queue`],
		],
		[
			'the smoke subset everywhere, without queue mode',
			'smoke',
			false,
			MATRIX,
			[`${older.id} smoke`, `${middle.id} smoke`, `${NEWEST.id} smoke`],
		],
		[
			'one older entry: its smoke subset, no queue mode',
			'plan',
			true,
			[middle],
			[`${middle.id} smoke`],
		],
		[
			'the newest alone: the whole suite and queue mode',
			'plan',
			true,
			[NEWEST],
			[`${NEWEST.id} full`, `${NEWEST.id} queue`],
		],
		['the newest alone without queue mode', 'plan', false, [NEWEST], [`${NEWEST.id} full`]],
	])('%s', (_case, coverage, queue, entries, expected) => {
		expect(ids(e2eRuns(entries, NEWEST, { coverage, queue }))).toEqual(expected);
	});
});

describe('the batches (runs of a batch side by side)', () => {
	const batches = (coverage: Coverage, queue: boolean) =>
		batchesOf(e2eRuns(MATRIX, NEWEST, { coverage, queue })).map((batch) => ids(batch));

	it.each<[string, Coverage, boolean, string[][]]>([
		[
			'the plan: the older smoke subsets together, then the whole suite, then queue mode alone',
			'plan',
			true,
			[[`${older.id} smoke`, `${middle.id} smoke`], [`${NEWEST.id} full`], [`${NEWEST.id} queue`]],
		],
		[
			'whole suites each alone',
			'full',
			false,
			[[`${older.id} full`], [`${middle.id} full`], [`${NEWEST.id} full`]],
		],
		[
			'smoke subsets everywhere, all together',
			'smoke',
			false,
			[[`${older.id} smoke`, `${middle.id} smoke`, `${NEWEST.id} smoke`]],
		],
	])('%s', (_case, coverage, queue, expected) => {
		expect(batches(coverage, queue)).toEqual(expected);
	});
});

describe("jest's arguments", () => {
	it('the whole suite leaves out queue mode, with the ignore pattern last', () => {
		expect(jestArgsOf('full', ['-t', 'credential'])).toEqual([
			'-t',
			'credential',
			'--testPathIgnorePatterns',
			QUEUE_TESTS,
		]);
	});

	it('the smoke subset and queue mode name their files before the extra arguments', () => {
		expect(jestArgsOf('smoke', ['-t', 'x'])).toEqual([...SMOKE_TESTS, '-t', 'x']);
		expect(jestArgsOf('queue', [])).toEqual([QUEUE_TESTS]);
	});
});

describe('the smoke subset', () => {
	it('names end-to-end files that exist, none of queue mode', () => {
		expect(SMOKE_TESTS.filter((file) => !existsSync(file) || file.startsWith(QUEUE_TESTS))).toEqual(
			[],
		);
	});

	it('is a part of the whole suite, so the newest entry runs it too', () => {
		const suite = readdirSync(E2E_ROOT).map((file) => `${E2E_ROOT}${file}`);
		expect(SMOKE_TESTS.filter((file) => !suite.includes(file))).toEqual([]);
	});

	// What users build on, on every n8n they run: webhook events, polls, paid actions under n8n's
	// Retry, and the live answers (Mid-Call Tool, Inbound Call) that go through n8n's webhook response.
	it('covers every kind of event and the live answers on the older entries', () => {
		expect(SMOKE_TESTS.map((file) => file.slice(E2E_ROOT.length))).toEqual(
			expect.arrayContaining([
				'trigger.test.ts',
				'pollTrigger.test.ts',
				'executionRetry.test.ts',
				'liveAnswers.test.ts',
			]),
		);
	});
});
