/**
 * What `npm run test:e2e` runs on which n8n: a pure decision, tested as a table
 * (test/package/e2ePlan.test.ts). By default the newest entry runs the whole suite and queue mode, and
 * each older entry a smoke subset that still proves the package installs and works there; `--full`
 * runs the whole suite everywhere (`npm run test:e2e:all`).
 */
import type { MatrixEntry } from '../runtime';

export const E2E_ROOT = 'test/e2e/';
export const QUEUE_TESTS = `${E2E_ROOT}queue/`;

/**
 * The smoke subset: the packed package installed and its node types and credential listed by n8n,
 * n8n's credential test, a webhook event starting an execution (trigger.test.ts), a poll
 * (pollTrigger.test.ts), an action node placing calls in a production execution
 * (executionRetry.test.ts), and the live answers (liveAnswers.test.ts): a Mid-Call Tool and an
 * Inbound Call answered by the workflow through n8n's own webhook response, which differs between n8n
 * versions, so users on every version rely on it.
 */
export const SMOKE_TESTS: readonly string[] = [
	`${E2E_ROOT}trigger.test.ts`,
	`${E2E_ROOT}pollTrigger.test.ts`,
	`${E2E_ROOT}executionRetry.test.ts`,
	`${E2E_ROOT}liveAnswers.test.ts`,
];

/** How much of the suite an entry runs. */
export type Depth = 'full' | 'smoke';

/** `plan`: the whole suite on the newest entry, the smoke subset on the others; or one depth for all. */
export type Coverage = 'plan' | Depth;

export interface E2eRun {
	entry: MatrixEntry;
	/** What jest runs: the suite but queue mode, the smoke files, or queue mode. */
	part: Depth | 'queue';
}

export function depthOf(entry: MatrixEntry, newest: MatrixEntry, coverage: Coverage): Depth {
	if (coverage !== 'plan') return coverage;
	return entry === newest ? 'full' : 'smoke';
}

/**
 * The runs in order: the older entries' smoke first (a broken install fails within minutes), then the
 * newest entry, then queue mode when the newest is among the entries and queue mode is wanted.
 */
export function e2eRuns(
	entries: readonly MatrixEntry[],
	newest: MatrixEntry,
	options: { coverage: Coverage; queue: boolean },
): E2eRun[] {
	const ordered = [
		...entries.filter((entry) => entry !== newest),
		...entries.filter((entry) => entry === newest),
	];
	const runs: E2eRun[] = ordered.map((entry) => ({
		entry,
		part: depthOf(entry, newest, options.coverage),
	}));
	if (options.queue && entries.includes(newest)) runs.push({ entry: newest, part: 'queue' });
	return runs;
}

/** jest's arguments for a run (the ignore pattern last: jest takes the paths after it as more patterns). */
export function jestArgsOf(part: E2eRun['part'], extra: readonly string[]): string[] {
	if (part === 'queue') return [QUEUE_TESTS, ...extra];
	if (part === 'smoke') return [...SMOKE_TESTS, ...extra];
	return [...extra, '--testPathIgnorePatterns', QUEUE_TESTS];
}

/**
 * The runs in batches, one batch after another, the runs of a batch side by side. Smoke subsets next to
 * each other share a batch: they mostly wait for n8n's polls and the sandbox, so two at once take little
 * longer than one. The whole suite and queue mode (bursts, concurrent calls) each run alone.
 */
export function batchesOf(runs: readonly E2eRun[]): E2eRun[][] {
	const batches: E2eRun[][] = [];
	for (const run of runs) {
		const last = batches.at(-1);
		if (run.part === 'smoke' && last?.[0].part === 'smoke') last.push(run);
		else batches.push([run]);
	}
	return batches;
}
