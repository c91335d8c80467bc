/**
 * Case 3 of `npm run bench`: reads without a documented limit: a raw fetch loop, the same loop through
 * n8n's own request helper (what any n8n node pays per request), and the node; in-process (no latency)
 * and with a modelled 5 ms network round trip. Times are the median of 3 alternating runs.
 */
import { createClock, startSandbox } from '../sandbox';
import { runNode, withRequestContext } from '../harness/engine';
import { ALICE, failedItems, items, sender, startInProcessBench } from './inProcess';
import type { BenchCase } from './benchCase';
import { measure, median, ratio, seconds, table, type Row } from './measure';

const STATUS_QUERY = `sender_id=${ALICE.senders.online}&recipient_phone=${encodeURIComponent(ALICE.openWindowCustomer.phone)}`;

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

export const reads: BenchCase = {
	numbers: [3],
	async run() {
		const { sb, credentials, control, clearLog, node, requestCount, stop } =
			await startInProcessBench();
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
		await stop();
		return table(
			`3. ${READS} WhatsApp session-status reads (median of 3 at 0 ms latency, 1 run at 5 ms); a node run sends ${readCounts.requests} requests, ${readCounts.seen429} answered 429`,
			reads,
		);
	},
};
