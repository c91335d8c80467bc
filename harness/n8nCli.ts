/** `n8n execute` on a prepared folder (./cluster.ts) and what its run data says each node emitted. */
import { runN8nCli } from '../runtime';
import type { PreparedN8n } from './cluster';

/** The run data `n8n execute --rawOutput` prints after its log lines. */
export interface CliRun {
	status: string;
	data: {
		resultData: {
			error?: { message: string };
			lastNodeExecuted?: string;
			runData: Record<
				string,
				Array<{
					error?: { message: string };
					data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
				}>
			>;
		};
	};
}

/** Runs a workflow's Manual Trigger path with `n8n execute --id --rawOutput`; the run data whatever its status. */
export async function executeWorkflow(n8n: PreparedN8n, id: string): Promise<CliRun> {
	const result = await runN8nCli(n8n.entry, ['execute', `--id=${id}`, '--rawOutput'], n8n.env);
	// The pretty-printed run is the block from a line `{` to a line `}`; log lines may come before and after.
	const lines = result.stdout.split('\n');
	const start = lines.indexOf('{');
	const end = lines.lastIndexOf('}');
	if (start < 0 || end < start)
		throw new Error(
			`n8n execute --id=${id} printed no run (exit ${result.code}):\n${result.stdout}\n${result.stderr}`,
		);
	return JSON.parse(lines.slice(start, end + 1).join('\n')) as CliRun;
}

/** The JSON of every item a node emitted on one output in its last run. */
export function nodeOutput(run: CliRun, node: string, output = 0): Array<Record<string, unknown>> {
	const runs = run.data.resultData.runData[node];
	if (!runs)
		throw new Error(
			`node "${node}" did not run; ran: ${Object.keys(run.data.resultData.runData).join(', ')}`,
		);
	const last = runs[runs.length - 1];
	if (last.error) throw new Error(`node "${node}" failed: ${last.error.message}`);
	return (last.data?.main[output] ?? []).map((item) => item.json);
}
