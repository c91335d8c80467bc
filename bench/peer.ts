/**
 * The peer benchmark: in a REAL n8n (the one `npm start` and the end-to-end tests use), the Famulor
 * node at its default settings against n8n's HTTP Request node set up as a careful user would, on the
 * same sandbox in the same run. Each run is `n8n execute` of a one-purpose workflow; the time is the
 * measured node's own `executionTime` from the run data (plus the Split Out a user needs to turn the
 * HTTP Request node's pages into records), so n8n's start-up is not in it. Variants alternate, figures
 * are medians. It measures and prints; it asserts nothing.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import {
	DOCUMENTED_GENERAL_LIMIT,
	SEED,
	type GeneralLimitOption,
	type RateLimit,
	type RequestLogEntry,
} from '../sandbox';
import { n8nMain, nodeBin, nodeEnv, runN8nCli } from '../scripts/n8n';
import { prepareN8n, type PreparedN8n } from '../harness/realN8n';
import type { BenchCase } from './benchCase';
import { median, ratio, seconds, table, type Row } from './measure';
import {
	FAMULOR_CREDENTIALS,
	famulorNode,
	HEADER_CREDENTIAL,
	httpRequestNode,
	MEASURED,
	recordsNode,
	workflow,
	type FamulorCredentialKind,
	type NodeVersions,
	type Workflow,
	type WorkflowNode,
} from './peerWorkflows';

const LATENCY_MS = 5;
const ALICE = SEED.alice;
const FREEFORM = { limit: 5, windowMs: 1000 };
/**
 * The general limit with the documented counts in half the time (bursts of 20 per 5 s, 100 per 30 s),
 * as the sandbox's `windowScale` gives it; the Famulor credential's Custom Rate Limits match it. A run
 * of n8n has a fixed cost of a few hundred milliseconds (credentials, the first connection, the
 * last burst's own requests) that no pacing removes; with much shorter windows it, not the pacing,
 * would decide the ratio to the limit's minimum.
 */
const GENERAL_WINDOW_SCALE = 0.5;
const scaledWindow = (limit: RateLimit): RateLimit => ({
	limit: limit.limit,
	windowMs: limit.windowMs * GENERAL_WINDOW_SCALE,
});
const BURST = scaledWindow(DOCUMENTED_GENERAL_LIMIT.burst);
const SUSTAINED = scaledWindow(DOCUMENTED_GENERAL_LIMIT.sustained);
const REPEATS = Number(process.env.BENCH_PEER_REPEATS ?? 3);

interface Case {
	key: string;
	title: string;
	count: number;
	generalLimit: GeneralLimitOption;
	/** extra sandbox set-up after the reset */
	prepare?: (n8n: PreparedN8n) => Promise<void>;
	ours: WorkflowNode[];
	peer: WorkflowNode[];
	peerSetup: string;
	/** records expected out of the last node */
	expected: number;
	/** the least time the service allows, when a limit sets one */
	minimumMs?: number;
}

interface Measurement {
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

function defaultVersion(description: {
	defaultVersion?: number;
	version?: number | number[];
}): number {
	if (typeof description.defaultVersion === 'number') return description.defaultVersion;
	const version = description.version ?? 1;
	return Array.isArray(version) ? Math.max(...version) : version;
}

/** The version a new node gets in the editor: ours from the source, the HTTP Request node's from the installed n8n. */
async function nodeVersions(n8n: PreparedN8n): Promise<NodeVersions> {
	const { Famulor } = await import('../nodes/Famulor/Famulor.node');
	// n8nMain is node_modules/n8n/bin/n8n; n8n-nodes-base sits beside n8n.
	const runtimeModules = dirname(dirname(dirname(n8nMain(n8n.entry))));
	const httpModule = (await import(
		join(runtimeModules, 'n8n-nodes-base', 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js')
	)) as {
		HttpRequest: new () => {
			description: { defaultVersion?: number; version?: number | number[] };
		};
	};
	return {
		famulor: defaultVersion(new Famulor().description),
		httpRequest: defaultVersion(new httpModule.HttpRequest().description),
	};
}

function cases(sandboxUrl: string, versions: NodeVersions): Case[] {
	const sender = { __rl: true, mode: 'id', value: String(ALICE.senders.online) };
	const phone = ALICE.openWindowCustomer.phone;
	const statusRead = (count: number, credential: FamulorCredentialKind) => ({
		ours: [
			famulorNode(versions, credential, {
				resource: 'whatsApp',
				operation: 'getSessionStatus',
				senderId: sender,
				recipientPhone: phone,
			}),
		],
		url: `${sandboxUrl}/api/user/whatsapp/session-status`,
		query: { sender_id: String(ALICE.senders.online), recipient_phone: phone },
		count,
	});
	const reads = statusRead(1000, 'unpaced');
	const limited = statusRead(3 * BURST.limit, 'scaled');
	const conversations = 2000;
	return [
		{
			key: 'reads',
			title: `${reads.count.toLocaleString('en')} WhatsApp session-status reads, ${LATENCY_MS} ms latency, general limit off (sandbox; credential: 0)`,
			count: reads.count,
			generalLimit: false,
			ours: reads.ours,
			peer: [httpRequestNode(versions, { method: 'GET', url: reads.url, query: reads.query })],
			peerSetup: 'no batching (all items at once: its fastest)',
			expected: reads.count,
		},
		{
			key: 'sends',
			title: `50 WhatsApp free-form sends (${FREEFORM.limit} per ${FREEFORM.windowMs / 1000} s), general limit off (sandbox; credential: 0)`,
			count: 50,
			generalLimit: false,
			ours: [
				famulorNode(versions, 'unpaced', {
					resource: 'whatsApp',
					operation: 'sendFreeform',
					senderId: sender,
					recipientPhone: phone,
					message: '=Bench {{ $json.n }}',
				}),
			],
			peer: [
				httpRequestNode(versions, {
					method: 'POST',
					url: `${sandboxUrl}/api/user/whatsapp/send-freeform`,
					jsonBody: `={{ JSON.stringify({ sender_id: ${ALICE.senders.online}, recipient_phone: ${JSON.stringify(phone)}, message: 'Bench ' + $json.n }) }}`,
					batch: { size: FREEFORM.limit, intervalMs: FREEFORM.windowMs },
				}),
			],
			peerSetup: `batching ${FREEFORM.limit} items per ${FREEFORM.windowMs} ms`,
			expected: 50,
			minimumMs: (Math.ceil(50 / FREEFORM.limit) - 1) * FREEFORM.windowMs,
		},
		{
			key: 'list',
			title: `Return All of ${conversations.toLocaleString('en')} conversations, general limit off (sandbox; credential: 0)`,
			count: 1,
			generalLimit: false,
			prepare: async (n8n) => {
				await n8n.ctl('POST', '/conversations/seed', {
					user: 'alice',
					count: conversations - ALICE.conversationCount,
				});
			},
			ours: [
				famulorNode(versions, 'unpaced', {
					resource: 'conversation',
					operation: 'getAll',
					returnAll: true,
				}),
			],
			peer: [
				httpRequestNode(versions, {
					method: 'GET',
					url: `${sandboxUrl}/api/user/conversations`,
					query: { per_page: '100' },
					cursorPagination: true,
				}),
				recordsNode(),
			],
			peerSetup: 'pagination on `next_cursor`, 100 per page, then Split Out `data`',
			expected: conversations,
		},
		{
			key: 'general',
			title: `${limited.count} session-status reads = 3 × the burst, general limit on, scaled ×${GENERAL_WINDOW_SCALE} in time (${BURST.limit} per ${BURST.windowMs / 1000} s, ${SUSTAINED.limit} per ${SUSTAINED.windowMs / 1000} s)`,
			count: limited.count,
			generalLimit: { windowScale: GENERAL_WINDOW_SCALE },
			ours: limited.ours,
			peer: [
				httpRequestNode(versions, {
					method: 'GET',
					url: limited.url,
					query: limited.query,
					batch: { size: BURST.limit, intervalMs: BURST.windowMs },
				}),
			],
			peerSetup: `batching ${BURST.limit} items per ${BURST.windowMs} ms`,
			expected: limited.count,
			minimumMs: 2 * BURST.windowMs,
		},
	];
}

/** Imports the header-auth credential the HTTP Request node uses, the Famulor credentials, and the workflows. */
async function importAll(n8n: PreparedN8n, workflows: Workflow[]): Promise<void> {
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

async function measureOnce(
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

function summary(runs: Measurement[]): Measurement {
	const mid = (pick: (run: Measurement) => number) => median(runs.map(pick));
	return {
		ms: mid((r) => r.ms),
		requests: mid((r) => r.requests),
		seen429: Math.max(...runs.map((r) => r.seen429)),
		failed: Math.max(...runs.map((r) => r.failed)),
		records: mid((r) => r.records),
	};
}

async function peerTable(): Promise<string> {
	const n8n = await prepareN8n({
		latencyMs: LATENCY_MS,
		generalRateLimit: false,
		rateLimits: { sendFreeform: FREEFORM },
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
