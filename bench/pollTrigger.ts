/**
 * Case 9 of `npm run bench`: the polling trigger (nodes/FamulorPollTrigger). In-process, through
 * n8n-core's PollContext (harness/pollEngine.ts) against the sandbox: 1,000 customer messages in
 * 200 WhatsApp conversations between two polls (each emitted once, oldest first within its
 * conversation, requests beside a minimal reader's), what an idle poll of each event costs, an
 * account of 5,000 conversations swept a few pages a poll (bench/pollSweep.ts), and the first poll
 * of 5,000 and 50,000 (bench/pollFirst.ts). In a real n8n (the newest tested): event to execution,
 * a workflow polling every 10 s.
 */
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../sandbox';
import { startN8n } from '../harness/cluster';
import { executionsOf } from '../harness/n8nRest';
import { POLLING_WORKFLOW_ID, pollingMessagesWorkflow } from '../harness/workflows';
import { createPollHarness } from '../harness/pollEngine';
import type { BenchCase } from './benchCase';
import { ratio, seconds, table, type Row } from './measure';
import { firstPollRows } from './pollFirst';
import { pollBenchSandbox, sweepRows } from './pollSweep';

const CONVERSATIONS = 200;
const MESSAGES_EACH = 5;
const PAGE = 100;
const LATENCY_MESSAGES = Number(process.env.BENCH_POLL_LATENCY_MESSAGES ?? '6');
const POLL_INTERVAL_MS = 10_000;

const phoneOf = (n: number) => `+4917677${String(n).padStart(6, '0')}`;
const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

async function burstRows(): Promise<Row[]> {
	const { sb, client, credentials } = await pollBenchSandbox();
	const write = async (n: number, text: string) =>
		await client.controlJson('POST', '/whatsapp/inbound', {
			sender_id: SEED.alice.senders.online,
			customer_phone: phoneOf(n),
			message: text,
		});
	try {
		const rows: Row[] = [];
		const idle = async (label: string, parameters: INodeParameters) => {
			const trigger = createPollHarness(parameters, credentials);
			await trigger.activate();
			await client.clearRequests();
			await trigger.poll();
			rows.push({ case: `idle poll: ${label}`, requests: (await client.apiRequests()).length });
		};
		await idle('New WhatsApp Message, 10 conversations', { event: 'newWhatsAppMessage' });
		await idle('Call Ended, 30 calls', { event: 'callEnded' });
		await idle('New Lead (list oldest first)', { event: 'newLead' });
		await idle('Document Processed, all knowledge bases', { event: 'documentProcessed' });

		for (let n = 0; n < CONVERSATIONS; n++) await write(n, `conversation ${n} opens`);
		const trigger = createPollHarness({ event: 'newWhatsAppMessage' }, credentials);
		await trigger.activate();
		// 1,000 messages, the conversations interleaved in a shuffled order, each conversation's own in order.
		const order = Array.from(
			{ length: CONVERSATIONS * MESSAGES_EACH },
			(_, i) => i % CONVERSATIONS,
		).sort(() => Math.random() - 0.5);
		const sent = new Map<number, number>();
		for (const n of order) {
			const k = (sent.get(n) ?? 0) + 1;
			sent.set(n, k);
			await write(n, `c${n} m${k}`);
		}
		await client.clearRequests();
		const started = Date.now();
		const { items, error } = await trigger.poll();
		const pollMs = Date.now() - started;
		if (error) throw error;
		const requests = (await client.apiRequests()).length;
		const byConversation = new Map<string, string[]>();
		for (const item of items) {
			const key = String(item.conversation_id);
			byConversation.set(key, [...(byConversation.get(key) ?? []), String(item.message)]);
		}
		const inOrder = [...byConversation.values()].every((texts) =>
			texts.every((text, i) => text.endsWith(` m${i + 1}`)),
		);
		const unique = new Set(
			items.map((item) => `${String(item.conversation_id)}#${String(item.message_index)}`),
		);
		// A minimal reader lists every WhatsApp conversation (the docs state no order) and reads each changed one.
		const total = CONVERSATIONS + 10;
		const minimal = Math.ceil(total / PAGE) + CONVERSATIONS;
		rows.push({
			case: `${CONVERSATIONS * MESSAGES_EACH} messages in ${CONVERSATIONS} conversations, one poll`,
			emitted: items.length,
			'emitted once': unique.size === items.length ? 'yes' : 'NO',
			'oldest first per conversation': inOrder ? 'yes' : 'NO',
			requests,
			'minimal reader': minimal,
			ratio: ratio(requests / minimal),
			target: '≤ 1.1',
			'poll s': seconds(pollMs),
		});
		await client.clearRequests();
		await trigger.poll();
		rows.push({
			case: `idle poll: New WhatsApp Message, ${total} conversations`,
			requests: (await client.apiRequests()).length,
		});
		return rows;
	} finally {
		await sb.stop();
	}
}

/** A published workflow polling every 10 s in a real n8n: message to execution start. */
async function latencyRow(): Promise<Row> {
	const { n8n, server } = await startN8n({
		workflows: [
			{ file: 'polling.json', workflow: pollingMessagesWorkflow(SEED.alice.senders.online) },
		],
	});
	const executionsList = async () => await executionsOf(server, POLLING_WORKFLOW_ID);
	try {
		await server.publish(POLLING_WORKFLOW_ID);
		await sleep(POLL_INTERVAL_MS + 2000);
		const latencies: number[] = [];
		for (let i = 0; i < LATENCY_MESSAGES; i++) {
			// A random moment of the poll interval, so the figure spans the whole of it.
			await sleep(Math.random() * POLL_INTERVAL_MS);
			const before = (await executionsList()).length;
			const at = Date.now();
			await n8n.ctl('POST', '/whatsapp/inbound', {
				sender_id: SEED.alice.senders.online,
				customer_phone: SEED.alice.openWindowCustomer.phone,
				message: `latency ${i}`,
			});
			for (;;) {
				const executions = await executionsList();
				if (executions.length > before) {
					latencies.push(Date.parse(executions[0].startedAt) - at);
					break;
				}
				await sleep(100);
			}
		}
		await server.deactivate(POLLING_WORKFLOW_ID);
		const max = Math.max(...latencies);
		return {
			case: `event to execution, n8n ${n8n.entry.n8n}, poll every ${POLL_INTERVAL_MS / 1000} s (${LATENCY_MESSAGES} messages at random moments)`,
			'median s': seconds([...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)]),
			'max s': seconds(max),
			target: `≤ ${(POLL_INTERVAL_MS + 2000) / 1000} s (interval + 2 s)`,
		};
	} finally {
		await n8n.cleanup();
	}
}

async function pollTriggerTable(): Promise<string> {
	const rows = [...(await burstRows()), ...(await sweepRows()), ...(await firstPollRows())];
	if (process.env.BENCH_POLL_N8N !== '0') rows.push(await latencyRow());
	// BENCH_POLL_N8N=0 leaves out the last row (a real n8n).
	return table('9. Polling trigger', rows);
}

/** Case 9 of `npm run bench`: the polling trigger, its last row in a real n8n. */
export const pollTriggerCase: BenchCase = { numbers: [9], run: pollTriggerTable };
