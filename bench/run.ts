/**
 * `npm run bench`: throughput of the Famulor node at the service's limits, against an in-process
 * sandbox, with the node run through n8n-core's WorkflowExecute (harness/engine.ts) in cases 1–4,
 * and in a real n8n against n8n's HTTP Request node in case 5 (bench/peer.ts).
 * Prints one table per case; figures, not a pass/fail test.
 */
import '../harness/jestShim';

import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { createClock, SEED, startSandbox, type RequestLogEntry } from '../sandbox';
import {
	runNode,
	withRequestContext,
	type NodeRunResult,
	type TestCredentials,
} from '../harness/engine';
import { SandboxClient } from '../test/helpers/sandboxClient';
import { measure, median, mib, ratio, seconds, table, type Row } from './measure';
import { runPeerBenchmark } from './peer';
import { queueCase } from './queue';
import { sharedTokenCase } from './sharedToken';

const FREEFORM = { limit: 5, windowMs: 1000 };
/** Generate-reply scaled down from 5 per 60 s so the run is short; the credential says the same. */
const REPLY = { limit: 5, windowMs: 6000 };
const ALICE = SEED.alice;
const STATUS_QUERY = `sender_id=${ALICE.senders.online}&recipient_phone=${encodeURIComponent(ALICE.openWindowCustomer.phone)}`;
const CONVERSATIONS = 10_000;
/** `BENCH_CASES=3,4 npm run bench` runs only those cases; all by default (5, the HTTP Request node in a real n8n, and 6, queue mode, install and start n8n; 7 is 6's shared token without n8n). */
const CASES = new Set(
	(process.env.BENCH_CASES ?? '1,2,3,4,5,6,7').split(',').map((value) => Number(value.trim())),
);

const items = (count: number): INodeExecutionData[] =>
	Array.from({ length: count }, (_, n) => ({ json: { n } }));
const sender = { __rl: true, mode: 'id', value: String(ALICE.senders.online) };

/** Items that came out as errors (Continue On Fail), or all of them if the node failed. */
function failedItems(
	result: NodeRunResult,
	count: number,
): { failed: number; rateLimited: number } {
	if (result.error)
		return { failed: count, rateLimited: result.error.httpCode === '429' ? count : 0 };
	const errors = result.output.filter((item) => item.json.error !== undefined);
	return {
		failed: errors.length + Math.max(0, count - result.output.length),
		rateLimited: errors.filter((item) => item.json.httpCode === 429).length,
	};
}

/** The physical limit as the issue states it (N / limit × window), and the strict minimum ((⌈N / limit⌉ − 1) × window). */
function limits(count: number, rate: { limit: number; windowMs: number }) {
	return {
		statedMs: (count / rate.limit) * rate.windowMs,
		strictMs: (Math.ceil(count / rate.limit) - 1) * rate.windowMs,
	};
}

/** Runs `count` async tasks with at most `concurrency` at once, as a user's own loop would. */
async function pool(
	count: number,
	concurrency: number,
	task: (index: number) => Promise<void>,
): Promise<void> {
	let next = 0;
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (next < count) await task(next++);
		}),
	);
}

async function main(): Promise<void> {
	// Cases 1–4 measure the node's own limits and costs, so the general limit is off here; case 5 meets it.
	const sb = await startSandbox({
		port: 0,
		clock: createClock({ realTime: true }),
		callDurationMs: 0,
		generalRateLimit: false,
		rateLimits: { sendFreeform: FREEFORM, generateReply: REPLY },
	});
	const client = new SandboxClient(sb);
	const control = async (method: string, path: string, body?: unknown): Promise<unknown> =>
		await client.controlJson(method, path, body);
	const requestCount = async (): Promise<{ requests: number; seen429: number }> => {
		const log: RequestLogEntry[] = await client.requests();
		return { requests: log.length, seen429: log.filter((entry) => entry.status === 429).length };
	};
	const clearLog = async () => await client.clearRequests();
	const credentials: TestCredentials = {
		apiToken: sb.tokens.alice,
		baseUrl: sb.url,
		customRateLimits: true,
		// The sandbox's general limit is off in cases 1–4, so the node's pacing to it is too.
		generalLimit: 0,
		generalBurstLimit: 0,
		generateReplyLimit: REPLY.limit,
		generateReplyWindowSeconds: REPLY.windowMs / 1000,
		sendFreeformLimit: FREEFORM.limit,
		sendFreeformWindowSeconds: FREEFORM.windowMs / 1000,
	};
	const node = (
		parameters: INodeParameters,
		input: INodeExecutionData[],
		extra: Partial<TestCredentials> = {},
	) =>
		runNode({ parameters, input, continueOnFail: true, credentials: { ...credentials, ...extra } });
	const raw = async (path: string, token = sb.tokens.alice): Promise<IDataObject> => {
		const response = await fetch(`${sb.url}${path}`, {
			headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
		});
		if (!response.ok) throw new Error(`${path}: ${response.status}`);
		return (await response.json()) as IDataObject;
	};
	const output: string[] = [];
	const print = (text: string) => {
		output.push(text);
		process.stdout.write(`${text}\n`);
	};

	print(
		`Famulor node benchmark — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${(await import('node:os')).cpus().length} cores, sandbox in-process\n`,
	);

	// 1 and 2: rate-limited POSTs, sent one item after the other at the pacer's rate.
	const paced: Row[] = [];
	const pacedCases = [
		{
			name: '50 WhatsApp free-form sends (5 per 1 s)',
			count: 50,
			rate: FREEFORM,
			parameters: {
				resource: 'whatsApp',
				operation: 'sendFreeform',
				senderId: sender,
				recipientPhone: ALICE.openWindowCustomer.phone,
				message: '=Bench {{ $json.n }}',
			},
		},
		{
			name: '10 AI replies (scaled: 5 per 6 s)',
			count: 10,
			rate: REPLY,
			parameters: {
				resource: 'aiReply',
				operation: 'generate',
				assistantId: { __rl: true, mode: 'id', value: String(ALICE.chatAssistantId) },
				customerIdentifier: '=bench-{{ $json.n }}',
				message: '=Hello {{ $json.n }}',
			},
		},
	];
	for (const testCase of pacedCases.filter((_, index) => CASES.has(index + 1))) {
		await control('POST', '/reset');
		const run = await measure(() => node(testCase.parameters, items(testCase.count)));
		const { failed, rateLimited } = failedItems(run.value, testCase.count);
		const { requests, seen429 } = await requestCount();
		const { statedMs, strictMs } = limits(testCase.count, testCase.rate);
		paced.push({
			case: testCase.name,
			'wall s': seconds(run.wallMs),
			requests,
			'429s seen': seen429,
			'failed items': failed,
			'user-visible 429': rateLimited,
			'limit s (N/rate)': seconds(statedMs),
			ratio: ratio(run.wallMs / statedMs),
			'strict min s': seconds(strictMs),
			'ratio to strict': ratio(run.wallMs / strictMs),
			target: '≤ 1.05, 0 failed',
		});
	}
	if (paced.length > 0) print(table('1–2. Rate-limited sends', paced));
	if (CASES.has(3)) await readsCase();
	if (CASES.has(4)) await listCase();
	await sb.stop();
	if (CASES.has(5)) await runPeerBenchmark(print);
	if (CASES.has(6)) print(await queueCase());
	if (CASES.has(7)) print(await sharedTokenCase());

	async function readsCase(): Promise<void> {
		// 3: reads without a documented limit: a raw fetch loop, the same loop through n8n's own request
		// helper (what any n8n node pays per request), and the node; in-process (no latency) and with a
		// modelled 5 ms network round trip. Times are the median of 3 alternating runs.
		const READS = 1000;
		const statusPath = `/api/user/whatsapp/session-status?${STATUS_QUERY}`;
		const statusParameters = (parallelRequests: number) => ({
			resource: 'whatsApp',
			operation: 'getSessionStatus',
			senderId: sender,
			recipientPhone: ALICE.openWindowCustomer.phone,
			parallelRequests,
		});
		const reads: Row[] = [];
		for (const latencyMs of [0, 5]) {
			const target =
				latencyMs === 0
					? sb
					: await startSandbox({
							port: 0,
							clock: createClock({ realTime: true }),
							latencyMs,
							generalRateLimit: false,
						});
			const readCredentials = {
				...credentials,
				apiToken: target.tokens.alice,
				baseUrl: target.url,
			};
			const variants: Array<{ name: string; run: (concurrency: number) => Promise<number> }> = [
				{
					name: 'raw fetch loop',
					run: async (concurrency) => {
						await pool(READS, concurrency, async () => {
							const response = await fetch(`${target.url}${statusPath}`, {
								headers: {
									authorization: `Bearer ${target.tokens.alice}`,
									accept: 'application/json',
								},
							});
							await response.json();
						});
						return 0;
					},
				},
				{
					name: "n8n's request helper loop",
					run: async (concurrency) =>
						await withRequestContext(readCredentials, async function () {
							await pool(READS, concurrency, async () => {
								await this.helpers.httpRequestWithAuthentication.call(this, 'famulorAiApi', {
									method: 'GET',
									url: `${target.url}${statusPath}`,
									json: true,
								});
							});
							return 0;
						}),
				},
				{
					name: 'node (Parallel Requests)',
					run: async (concurrency) => {
						const result = await runNode({
							parameters: statusParameters(concurrency),
							input: items(READS),
							continueOnFail: true,
							credentials: readCredentials,
						});
						return failedItems(result, READS).failed;
					},
				},
			];
			for (const concurrency of [1, 10]) {
				const repetitions = latencyMs === 0 ? 3 : 1;
				const times = new Map<string, number[]>(variants.map((variant) => [variant.name, []]));
				const failures = new Map<string, number>();
				for (const variant of variants) await variant.run(concurrency); // warm-up
				for (let repetition = 0; repetition < repetitions; repetition++) {
					for (const variant of variants) {
						const run = await measure(() => variant.run(concurrency));
						times.get(variant.name)!.push(run.wallMs);
						failures.set(variant.name, (failures.get(variant.name) ?? 0) + run.value);
					}
				}
				const rawMs = median(times.get('raw fetch loop')!);
				for (const variant of variants) {
					const wallMs = median(times.get(variant.name)!);
					reads.push({
						latency: `${latencyMs} ms`,
						concurrency,
						variant: variant.name,
						'wall s': seconds(wallMs),
						'ms / read': (wallMs / READS).toFixed(2),
						'failed items': failures.get(variant.name) ?? 0,
						'÷ raw': ratio(wallMs / rawMs),
						target: variant.name.startsWith('node') ? '≤ 1.5' : '',
					});
				}
			}
			if (target !== sb) await target.stop();
		}
		await control('POST', '/reset');
		await clearLog();
		await node(statusParameters(10), items(READS));
		const readCounts = await requestCount();
		print(
			table(
				`3. ${READS} WhatsApp session-status reads (median of 3 at 0 ms latency, 1 run at 5 ms); a node run sends ${readCounts.requests} requests, ${readCounts.seen429} answered 429`,
				reads,
			),
		);
	}

	async function listCase(): Promise<void> {
		// 4: Return All over 10,000 conversations, node vs a raw cursor loop (median of 3 alternating runs).
		await control('POST', '/reset');
		await control('POST', '/conversations/seed', {
			user: 'bob',
			count: CONVERSATIONS - SEED.bob.conversationCount,
		});
		const rawCursor = async (): Promise<IDataObject[]> => {
			const records: IDataObject[] = [];
			let cursor: string | undefined;
			for (;;) {
				const page = await raw(
					`/api/user/conversations?per_page=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
					sb.tokens.bob,
				);
				records.push(...(page.data as IDataObject[]));
				if (typeof page.next_cursor !== 'string' || page.next_cursor === '') return records;
				cursor = page.next_cursor;
			}
		};
		const listParameters = { resource: 'conversation', operation: 'getAll', returnAll: true };
		const listVariants = [
			{ name: 'raw cursor loop', run: async () => (await rawCursor()).length },
			{
				name: 'node, Return All',
				run: async () =>
					(await node(listParameters, items(1), { apiToken: sb.tokens.bob })).output.length,
			},
		];
		for (const variant of listVariants) await variant.run(); // warm-up
		const listRuns = new Map<
			string,
			Array<{ wallMs: number; rss: number; heap: number; records: number; requests: number }>
		>(listVariants.map((variant) => [variant.name, []]));
		for (let repetition = 0; repetition < 3; repetition++) {
			for (const variant of listVariants) {
				await clearLog();
				const run = await measure(variant.run);
				listRuns.get(variant.name)!.push({
					wallMs: run.wallMs,
					rss: run.peakRssDeltaBytes,
					heap: run.peakHeapDeltaBytes,
					records: run.value,
					requests: (await requestCount()).requests,
				});
			}
		}
		const summary = (name: string) => {
			const runs = listRuns.get(name)!;
			return {
				wallMs: median(runs.map((run) => run.wallMs)),
				rss: median(runs.map((run) => run.rss)),
				heap: median(runs.map((run) => run.heap)),
				records: runs[0].records,
				requests: runs.map((run) => run.requests).join(', '),
			};
		};
		const rawSummary = summary('raw cursor loop');
		print(
			table(
				`4. Return All over ${CONVERSATIONS.toLocaleString('en')} conversations (median of 3 alternating runs)`,
				listVariants.map((variant) => {
					const row = summary(variant.name);
					const isNode = variant.name !== 'raw cursor loop';
					return {
						variant: variant.name,
						records: row.records,
						'requests (per run)': row.requests,
						'expected requests': Math.ceil(CONVERSATIONS / 100),
						'wall s': seconds(row.wallMs),
						'peak RSS Δ MiB': mib(row.rss),
						'peak heap Δ MiB': mib(row.heap),
						'time ÷ raw': isNode ? ratio(row.wallMs / rawSummary.wallMs) : '',
						'heap ÷ raw': isNode ? ratio(row.heap / rawSummary.heap) : '',
						target: isNode ? '≤ 1.2' : '',
					};
				}),
			),
		);
	}
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		process.stderr.write(
			`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
		);
		process.exit(1);
	},
);
