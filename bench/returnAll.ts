/** Case 4 of `npm run bench`: Return All over 10,000 conversations, node vs a raw cursor loop (median of 3 alternating runs). */
import type { IDataObject } from 'n8n-workflow';

import { SEED } from '../sandbox';
import { items, startInProcessBench } from './inProcess';
import type { BenchCase } from './benchCase';
import { measure, median, mib, ratio, seconds, table } from './measure';

const CONVERSATIONS = 10_000;

export const returnAll: BenchCase = {
	numbers: [4],
	async run() {
		const { sb, control, clearLog, node, raw, requestCount, stop } = await startInProcessBench();
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
		await stop();
		return table(
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
		);
	},
};
