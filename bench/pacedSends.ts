/** Cases 1 and 2 of `npm run bench`: rate-limited POSTs, sent one item after the other at the pacer's rate. */
import {
	ALICE,
	FREEFORM,
	REPLY,
	failedItems,
	items,
	sender,
	startInProcessBench,
} from './inProcess';
import type { BenchCase } from './benchCase';
import { measure, ratio, seconds, table, type Row } from './measure';

/** The physical limit as the issue states it (N / limit × window), and the strict minimum ((⌈N / limit⌉ − 1) × window). */
function limits(count: number, rate: { limit: number; windowMs: number }) {
	return {
		statedMs: (count / rate.limit) * rate.windowMs,
		strictMs: (Math.ceil(count / rate.limit) - 1) * rate.windowMs,
	};
}

export const pacedSends: BenchCase = {
	numbers: [1, 2],
	async run(selected) {
		const { control, node, requestCount, stop } = await startInProcessBench();
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
		for (const testCase of pacedCases.filter((_, index) => selected.has(index + 1))) {
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
		await stop();
		return table('1–2. Rate-limited sends', paced);
	},
};
