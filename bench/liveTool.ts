/**
 * Case 8 of `npm run bench`: the Mid-Call Tool event in a real n8n (the newest matrix entry, or
 * N8N_VERSION). What the trigger adds to a tool's round trip (request → n8n → answer) against n8n's own
 * Webhook node doing the same, each workflow one trigger and one Respond to Webhook node answering with
 * the request's parameters: 200 requests each, sent one at a time from this process with the same body,
 * variants alternating; median and p95. Then 20 sandbox calls ask the published tool at once, each its
 * own question, and each must hear its own answer. Last the workflow is unpublished, and the check
 * against the documented sandbox (no `tool_ids` in assistant answers) is printed: the assistant holds
 * exactly the tools the user named in Other Tools to Keep, and no tool is left behind. It measures and
 * prints; it asserts nothing.
 */
import { CREDENTIAL_ID, CREDENTIAL_NAME } from '../runtime';
import { SEED } from '../sandbox';
import { startN8n, type N8nServer, type PreparedN8n } from '../harness/cluster';
import { TOOL_SECRET_HEADER } from '../nodes/FamulorTrigger/midCallTool/toolSettings';
import type { BenchCase } from './benchCase';
import { median, ratio, table, type Row } from './measure';

const REQUESTS = 200;
const WARM_UP = 20;
const CONCURRENT_CALLS = 20;
const TOOL_NAME = 'bench_echo';
const OURS_ID = 'famulorBenchTool';
const PEER_ID = 'famulorBenchHook';
const PEER_PATH = 'bench-live-peer';
const CREDENTIALED_ID = 'famulorBenchCred';
const CREDENTIALED_PATH = 'bench-live-credentialed';
const OURS_WEBHOOK_ID = '0b8e4a52-6c1d-4f7e-9a3b-5d2c8e1f7a60';
/** The inbound assistant's seeded tools are 31 (calendar_booking) and 33: the user keeps only 31. */
const KEPT_TOOL = { id: 31, name: 'calendar_booking' };
const SEEDED_TOOL_IDS = [31, 32, 33, 41];
const UNPUBLISH_WAIT_MS = 10_000;

const respondNode = (expression: string) => ({
	id: 'c1d2e3f4-0000-4000-8000-00000000aa02',
	name: 'Respond to Webhook',
	type: 'n8n-nodes-base.respondToWebhook',
	// Version 1: later versions accept only n8n's own Webhook node as the trigger.
	typeVersion: 1,
	position: [220, 0],
	parameters: { respondWith: 'json', responseBody: expression, options: {} },
});

const FAMULOR_CREDENTIAL = { famulorAiApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };

/**
 * A Famulor AI node that never runs (connected to nothing): its credential makes n8n check, before each
 * execution, that the workflow may use it, as it does for the trigger's credential.
 */
const idleCredentialedNode = {
	id: 'c1d2e3f4-0000-4000-8000-00000000cc02',
	name: 'Famulor AI (not run)',
	type: 'n8n-nodes-famulor-ai.famulor',
	typeVersion: 2,
	position: [0, 200],
	credentials: FAMULOR_CREDENTIAL,
	parameters: { resource: 'account', operation: 'get' },
};

function twoNodes(
	id: string,
	trigger: Record<string, unknown>,
	answer: string,
	extra: Array<Record<string, unknown>> = [],
) {
	return {
		id,
		name: id,
		active: false,
		nodes: [trigger, respondNode(answer), ...extra],
		connections: {
			[trigger.name as string]: {
				main: [[{ node: 'Respond to Webhook', type: 'main', index: 0 }]],
			},
		},
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'none' },
	};
}

const oursWorkflow = twoNodes(
	OURS_ID,
	{
		id: 'c1d2e3f4-0000-4000-8000-00000000aa01',
		name: 'Famulor AI Trigger',
		type: 'n8n-nodes-famulor-ai.famulorTrigger',
		typeVersion: 1.2,
		position: [0, 0],
		webhookId: OURS_WEBHOOK_ID,
		credentials: FAMULOR_CREDENTIAL,
		parameters: {
			event: 'midCallTool',
			responseMode: 'responseNode',
			toolAssistantIds: [SEED.alice.inboundAssistantId],
			toolKeep: [KEPT_TOOL.name],
			toolName: TOOL_NAME,
			toolDescription: 'Repeats the question, for the benchmark',
			toolParameters: {
				parameter: [{ name: 'question', type: 'string', description: 'Any text to repeat' }],
			},
			toolTimeout: 10,
		},
	},
	'={{ { answer: $json.question } }}',
);

const webhookNode = (path: string, webhookId: string) => ({
	id: `${webhookId.slice(0, -2)}01`,
	name: 'Webhook',
	type: 'n8n-nodes-base.webhook',
	typeVersion: 2,
	position: [0, 0],
	webhookId,
	parameters: { httpMethod: 'POST', path, responseMode: 'responseNode', options: {} },
});
const WEBHOOK_ANSWER = '={{ { answer: $json.body.question } }}';
const peerWorkflow = twoNodes(
	PEER_ID,
	webhookNode(PEER_PATH, 'c1d2e3f4-0000-4000-8000-00000000bb03'),
	WEBHOOK_ANSWER,
);
const credentialedWorkflow = twoNodes(
	CREDENTIALED_ID,
	webhookNode(CREDENTIALED_PATH, 'c1d2e3f4-0000-4000-8000-00000000dd03'),
	WEBHOOK_ANSWER,
	[idleCredentialedNode],
);

function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One request; its round-trip time in ms, or NaN when the answer was not the echo. */
async function roundTrip(url: string, headers: Record<string, string>, n: number): Promise<number> {
	const question = `q${n}`;
	const started = performance.now();
	const res = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: JSON.stringify({ question }),
	});
	const answer = (await res.json()) as { answer?: string };
	const ms = performance.now() - started;
	return res.status === 200 && answer.answer === question ? ms : Number.NaN;
}

/** Unpublishes the tool's workflow; the row says whether the assistant holds exactly the named tools and no tool is left. */
async function afterUnpublish(n8n: PreparedN8n, server: N8nServer, toolId: number): Promise<Row> {
	const assistantId = SEED.alice.inboundAssistantId;
	const stored = async () =>
		(await n8n.ctl<{ tool_ids: number[] }>('GET', `/state/assistants/${assistantId}`)).tool_ids;
	const whilePublished = await stored();
	const deactivated = (await server.deactivate(OURS_ID)).status;
	const leftTools = async () =>
		(await n8n.ctl<Array<{ id: number }>>('GET', '/state/tools'))
			.map((entry) => entry.id)
			.filter((id) => !SEEDED_TOOL_IDS.includes(id));
	// Some n8n versions remove a workflow's webhooks after answering the deactivation.
	const until = Date.now() + UNPUBLISH_WAIT_MS;
	let left = await leftTools();
	while (left.length > 0 && Date.now() < until) {
		await new Promise((resolve) => setTimeout(resolve, 100));
		left = await leftTools();
	}
	const after = await stored();
	const exact = (ids: number[], wanted: number[]) =>
		ids.length === wanted.length && wanted.every((id) => ids.includes(id));
	const held = exact(whilePublished, [KEPT_TOOL.id, toolId]) && exact(after, [KEPT_TOOL.id]);
	return {
		variant: `unpublished (${deactivated}): assistant #${assistantId} keeps "${KEPT_TOOL.name}" only`,
		answered: `published [${whilePublished.join(', ')}], then [${after.join(', ')}]; tools left: ${left.length === 0 ? 'none' : left.join(', ')}`,
		'median ms': '',
		'p95 ms': '',
		'÷ Webhook node (median / p95)': held && left.length === 0 ? 'check passed' : 'CHECK FAILED',
		target: `[${KEPT_TOOL.id}, tool], then [${KEPT_TOOL.id}]; none left`,
	};
}

async function liveToolTable(): Promise<string> {
	const { n8n, server } = await startN8n({
		workflows: [
			{ file: 'bench-tool.json', workflow: oursWorkflow },
			{ file: 'bench-hook.json', workflow: peerWorkflow },
			{ file: 'bench-cred.json', workflow: credentialedWorkflow },
		],
	});
	try {
		for (const id of [OURS_ID, PEER_ID, CREDENTIALED_ID]) await server.publish(id);
		const { json: tools } = await n8n.api<
			Array<{
				id: number;
				name: string;
				endpoint: string;
				headers: Array<{ name: string; value: string }>;
			}>
		>('GET', '/api/user/tools');
		const tool = tools.find((entry) => entry.name === TOOL_NAME);
		if (!tool) throw new Error('the tool was not published');
		const secret = tool.headers.find((header) => header.name === TOOL_SECRET_HEADER)?.value ?? '';
		const variants = {
			ours: { url: tool.endpoint, headers: { [TOOL_SECRET_HEADER]: secret } },
			peer: { url: `${server.url}/webhook/${PEER_PATH}`, headers: {} },
			credentialed: { url: `${server.url}/webhook/${CREDENTIALED_PATH}`, headers: {} },
		};
		const times = { ours: [] as number[], peer: [] as number[], credentialed: [] as number[] };
		const orders = [
			['ours', 'peer', 'credentialed'],
			['peer', 'credentialed', 'ours'],
			['credentialed', 'ours', 'peer'],
		] as const;
		for (let n = 0; n < WARM_UP + REQUESTS; n++) {
			for (const variant of orders[n % orders.length]) {
				const ms = await roundTrip(variants[variant].url, variants[variant].headers, n);
				if (n >= WARM_UP) times[variant].push(ms);
			}
		}
		const answered = (values: number[]) => values.filter((ms) => !Number.isNaN(ms));
		const [ours, peer, credentialed] = [
			answered(times.ours),
			answered(times.peer),
			answered(times.credentialed),
		];
		const against = (values: number[]) =>
			`${ratio(median(values) / median(peer))} / ${ratio(percentile(values, 95) / percentile(peer, 95))}`;
		const rows: Row[] = [
			{
				variant: 'Famulor AI Trigger (Mid-Call Tool)',
				answered: `${ours.length} of ${REQUESTS}`,
				'median ms': median(ours).toFixed(1),
				'p95 ms': percentile(ours, 95).toFixed(1),
				'÷ Webhook node (median / p95)': against(ours),
				'÷ Webhook node with a credentialed node': `${ratio(median(ours) / median(credentialed))} / ${ratio(percentile(ours, 95) / percentile(credentialed, 95))}`,
				target: '≤ 1.1',
			},
			{
				variant: "n8n's Webhook node, and a Famulor AI node with the credential (not run)",
				answered: `${credentialed.length} of ${REQUESTS}`,
				'median ms': median(credentialed).toFixed(1),
				'p95 ms': percentile(credentialed, 95).toFixed(1),
				'÷ Webhook node (median / p95)': against(credentialed),
				target: '',
			},
			{
				variant: "n8n's Webhook node",
				answered: `${peer.length} of ${REQUESTS}`,
				'median ms': median(peer).toFixed(1),
				'p95 ms': percentile(peer, 95).toFixed(1),
				'÷ Webhook node (median / p95)': '',
				target: '',
			},
		];

		// 20 calls at once, each asking its own question through the sandbox (the service's side).
		const calls = await Promise.all(
			Array.from({ length: CONCURRENT_CALLS }, async () => {
				const { call } = await n8n.ctl<{ call: { id: number } }>('POST', '/calls/incoming', {
					assistant_id: SEED.alice.inboundAssistantId,
					customer_phone: '+4917612345678',
				});
				return call.id;
			}),
		);
		const started = performance.now();
		const heard = await Promise.all(
			calls.map(
				async (callId) =>
					await n8n.ctl<{ function_call: { status?: number; result: unknown } }>(
						'POST',
						`/calls/${callId}/tools`,
						{ tool: TOOL_NAME, arguments: { question: `call ${callId}` } },
					),
			),
		);
		const wallMs = performance.now() - started;
		const own = heard.filter(
			(answer, index) =>
				(answer.function_call.result as { answer?: string } | null)?.answer ===
				`call ${calls[index]}`,
		).length;
		rows.push({
			variant: `${CONCURRENT_CALLS} sandbox calls ask at once`,
			answered: `${heard.filter((answer) => answer.function_call.status === 200).length} of ${CONCURRENT_CALLS}, ${own} with their own answer`,
			'median ms': '',
			'p95 ms': '',
			'÷ Webhook node (median / p95)': `all in ${wallMs.toFixed(0)} ms`,
			target: `${CONCURRENT_CALLS} of ${CONCURRENT_CALLS}, each its own`,
		});
		rows.push(await afterUnpublish(n8n, server, tool.id));
		return table(
			`8. Mid-Call Tool round trip in n8n ${n8n.entry.n8n} on Node ${n8n.entry.node}: ${REQUESTS} requests each (after ${WARM_UP} warm-up), variants alternating, trigger + Respond to Webhook v1 against Webhook node + Respond to Webhook v1`,
			rows,
		);
	} finally {
		await n8n.cleanup();
	}
}

/** Case 8 of `npm run bench`: the Mid-Call Tool's round trip. */
export const liveToolCase: BenchCase = { numbers: [8], run: liveToolTable };
