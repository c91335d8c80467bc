/** The peer benchmark's runs in n8n: importing credentials and workflows, `n8n execute`, and one run's measurement. */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import type { RequestLogEntry } from '../sandbox';
import { n8nMain, nodeBin, nodeEnv, runN8nCli } from '../runtime';
import type { PreparedN8n } from '../harness/cluster';
import { median } from './measure';
import { BURST, SUSTAINED, type Case } from './peerCases';
import {
	FAMULOR_CREDENTIALS,
	HEADER_CREDENTIAL,
	MEASURED,
	type Workflow,
	type WorkflowNode,
} from './peerWorkflows';

export interface Measurement {
	ms: number;
	requests: number;
	seen429: number;
	failed: number;
	records: number;
}

/** What `n8n execute --rawOutput` prints of a node's run, with the timing fields the e2e type leaves out. */
interface NodeRun {
	executionTime?: number;
	error?: { message: string };
	data?: { main: Array<Array<{ json: IDataObject }> | null> };
}

/** Imports the header-auth credential the HTTP Request node uses, the Famulor credentials, and the workflows. */
export async function importAll(n8n: PreparedN8n, workflows: Workflow[]): Promise<void> {
	const dir = join(n8n.userFolder, 'bench-import');
	mkdirSync(join(dir, 'workflows'), { recursive: true });
	const credentials = [
		{
			...HEADER_CREDENTIAL,
			data: { name: 'Authorization', value: `Bearer ${n8n.sandbox.tokens.alice}` },
		},
		{
			...FAMULOR_CREDENTIALS.scaled,
			data: {
				apiToken: n8n.sandbox.tokens.alice,
				baseUrl: n8n.sandbox.url,
				customRateLimits: true,
				generalLimit: SUSTAINED.limit,
				generalWindowSeconds: SUSTAINED.windowMs / 1000,
				generalBurstLimit: BURST.limit,
				generalBurstWindowSeconds: BURST.windowMs / 1000,
			},
		},
		{
			...FAMULOR_CREDENTIALS.unpaced,
			data: {
				apiToken: n8n.sandbox.tokens.alice,
				baseUrl: n8n.sandbox.url,
				customRateLimits: true,
				generalLimit: 0,
				generalBurstLimit: 0,
			},
		},
	];
	writeFileSync(join(dir, 'credentials.json'), JSON.stringify(credentials));
	for (const flow of workflows)
		writeFileSync(join(dir, 'workflows', `${flow.id}.json`), JSON.stringify(flow));
	for (const args of [
		['import:credentials', `--input=${join(dir, 'credentials.json')}`],
		['import:workflow', '--separate', `--input=${join(dir, 'workflows')}`],
	]) {
		const result = await runN8nCli(n8n.entry, args, n8n.env);
		if (result.code !== 0)
			throw new Error(`n8n ${args[0]} failed:\n${result.stdout}\n${result.stderr}`);
	}
}

/** `BENCH_CPU_PROFILE=<folder>`: each run writes a V8 CPU profile of n8n there, named after its workflow. */
function profileArgs(workflowId: string): string[] {
	const folder = process.env.BENCH_CPU_PROFILE;
	return folder
		? [
				'--cpu-prof',
				`--cpu-prof-dir=${folder}`,
				`--cpu-prof-name=${workflowId}-${Date.now()}.cpuprofile`,
			]
		: [];
}

/**
 * `n8n execute --id --rawOutput` with its output going to a file: n8n exits as soon as the run is
 * printed, which cuts a large run short on a pipe; a file is written synchronously. Returns the run data.
 */
async function execute(n8n: PreparedN8n, workflowId: string): Promise<Record<string, unknown[]>> {
	const file = join(n8n.userFolder, 'bench-run.json');
	const fd = openSync(file, 'w');
	const code = await new Promise<number | null>((resolve, reject) => {
		const child = spawn(
			nodeBin(n8n.entry.node),
			[
				...profileArgs(workflowId),
				n8nMain(n8n.entry),
				'execute',
				`--id=${workflowId}`,
				'--rawOutput',
			],
			{ env: nodeEnv(n8n.entry, n8n.env), stdio: ['ignore', fd, fd] },
		);
		child.on('error', reject);
		child.on('close', resolve);
	}).finally(() => closeSync(fd));
	const lines = readFileSync(file, 'utf8').split('\n');
	const start = lines.indexOf('{');
	const end = lines.lastIndexOf('}');
	if (code !== 0 || start < 0 || end < start)
		throw new Error(
			`n8n execute --id=${workflowId} failed (${code}):\n${lines.slice(0, 40).join('\n')}`,
		);
	const printed = JSON.parse(lines.slice(start, end + 1).join('\n')) as {
		data: { resultData: { runData: Record<string, unknown[]> } };
	};
	return printed.data.resultData.runData;
}

function runOf(runData: Record<string, unknown[]>, name: string): NodeRun | undefined {
	const runs = runData[name] as NodeRun[] | undefined;
	return runs?.[runs.length - 1];
}

export async function measureOnce(
	n8n: PreparedN8n,
	testCase: Case,
	workflowId: string,
	steps: WorkflowNode[],
): Promise<Measurement> {
	await n8n.ctl('POST', '/reset');
	await n8n.ctl(
		'PUT',
		'/general-limit',
		testCase.generalLimit === false ? { enabled: false } : testCase.generalLimit,
	);
	await testCase.prepare?.(n8n);
	await n8n.ctl('DELETE', '/requests');
	const runData = await execute(n8n, workflowId);
	const timed = steps.map((step) => runOf(runData, step.name));
	const last = timed[timed.length - 1];
	const measured = runOf(runData, MEASURED);
	const errors = (measured?.data?.main[0] ?? []).filter(
		(item) => item.json.error !== undefined,
	).length;
	const log = await n8n.ctl<RequestLogEntry[]>('GET', '/requests');
	return {
		ms: timed.reduce((sum, step) => sum + (step?.executionTime ?? Number.NaN), 0),
		requests: log.length,
		seen429: log.filter((entry) => entry.status === 429).length,
		// Items that came out as errors (On Error: Continue), or every item when the node failed as a whole.
		failed: measured?.error ? testCase.count : errors,
		records: (last?.data?.main[0] ?? []).filter((item) => item.json.error === undefined).length,
	};
}

export function summary(runs: Measurement[]): Measurement {
	const mid = (pick: (run: Measurement) => number) => median(runs.map(pick));
	return {
		ms: mid((r) => r.ms),
		requests: mid((r) => r.requests),
		seen429: Math.max(...runs.map((r) => r.seen429)),
		failed: Math.max(...runs.map((r) => r.failed)),
		records: mid((r) => r.records),
	};
}
