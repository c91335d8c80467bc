/**
 * The peer benchmark: in a REAL n8n (the one `npm start` and the end-to-end tests use), the Famulor
 * node at its default settings against n8n's HTTP Request node set up as a careful user would, on the
 * same sandbox in the same run. Each run is `n8n execute` of a one-purpose workflow; the time is the
 * measured node's own `executionTime` from the run data (plus the Split Out a user needs to turn the
 * HTTP Request node's pages into records), so n8n's start-up is not in it. Variants alternate, figures
 * are medians. It measures and prints; it asserts nothing.
 */
import { prepareN8n } from '../harness/cluster';
import type { BenchCase } from './benchCase';
import { ratio, seconds, table, type Row } from './measure';
import { FREEFORM, LATENCY_MS, cases, nodeVersions, type Case } from './peerCases';
import { importAll, measureOnce, summary, type Measurement } from './peerRuns';
import { workflow } from './peerWorkflows';

const REPEATS = Number(process.env.BENCH_PEER_REPEATS ?? 3);

async function peerTable(): Promise<string> {
	const n8n = await prepareN8n({
		sandbox: { latencyMs: LATENCY_MS, rateLimits: { sendFreeform: FREEFORM } },
	});
	try {
		const versions = await nodeVersions(n8n);
		const all = cases(n8n.sandbox.url, versions);
		const selected = all.filter((testCase) =>
			(process.env.BENCH_PEER_CASES ?? all.map((c) => c.key).join(','))
				.split(',')
				.includes(testCase.key),
		);
		const workflowId = (testCase: Case, variant: 'ours' | 'peer') =>
			`bench${testCase.key}${variant}`.padEnd(16, '0').slice(0, 16);
		const flows = selected.flatMap((testCase) =>
			(['ours', 'peer'] as const).map((variant) =>
				workflow(
					workflowId(testCase, variant),
					`Bench ${testCase.key} ${variant}`,
					testCase.count,
					testCase[variant],
				),
			),
		);
		await importAll(n8n, flows);
		const rows: Row[] = [];
		for (const testCase of selected) {
			const runs = { ours: [] as Measurement[], peer: [] as Measurement[] };
			for (let repeat = 0; repeat < REPEATS; repeat++) {
				const order = repeat % 2 === 0 ? (['ours', 'peer'] as const) : (['peer', 'ours'] as const);
				for (const variant of order)
					runs[variant].push(
						await measureOnce(n8n, testCase, workflowId(testCase, variant), testCase[variant]),
					);
			}
			const ours = summary(runs.ours);
			const peer = summary(runs.peer);
			const row: Row = {
				case: testCase.title,
				'ours s': seconds(ours.ms),
				'HTTP Request s': seconds(peer.ms),
				'ours ÷ HTTP Request': ratio(ours.ms / peer.ms),
				'requests (ours / HTTP)': `${ours.requests} / ${peer.requests}`,
				'429s (ours / HTTP)': `${ours.seen429} / ${peer.seen429}`,
				'failed items (ours / HTTP)': `${ours.failed} / ${peer.failed}`,
				[`records (ours / HTTP)`]: `${ours.records} / ${peer.records} of ${testCase.expected}`,
				'HTTP Request set-up': testCase.peerSetup,
			};
			if (testCase.minimumMs !== undefined) {
				row['minimum s'] = seconds(testCase.minimumMs);
				row['ours ÷ minimum'] = ratio(ours.ms / testCase.minimumMs);
				row['HTTP ÷ minimum'] = ratio(peer.ms / testCase.minimumMs);
			}
			rows.push(row);
			process.stdout.write(
				`  ${testCase.key}: ours ${runs.ours.map((r) => seconds(r.ms)).join(', ')} s; HTTP Request ${runs.peer.map((r) => seconds(r.ms)).join(', ')} s\n`,
			);
		}
		return table(
			`5. Against n8n's HTTP Request node in n8n ${n8n.entry.n8n} on Node ${n8n.entry.node} (n8n execute; node execution time, median of ${REPEATS}, variants alternating; Famulor node v${versions.famulor} with default node settings, HTTP Request node v${versions.httpRequest}; sandbox latency ${LATENCY_MS} ms)`,
			rows,
		);
	} finally {
		await n8n.cleanup();
	}
}

/** Case 5 of `npm run bench`. */
export const peerCase: BenchCase = { numbers: [5], run: peerTable };
