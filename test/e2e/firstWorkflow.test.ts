/**
 * The README's first workflow in a real n8n (harness/firstWorkflow.ts, which test/package/readmeNames
 * checks against the README's steps), published and polling every 10 s, with the README's sandbox
 * commands run in-process: a customer writes with the AI off, and the open window's branch answers in
 * free form; then, with the window closed by `npm run sandbox -- close-window`, the next message takes
 * the template branch. For the closed window the workflow is unpublished while the customer writes and
 * the window closes, and published again: the trigger then emits what came meanwhile, so the poll
 * cannot fall between the message and the closing. The editor's Execute workflow polls the same way
 * (its manual poll emits the newest message) and runs the same nodes.
 */
import { waitFor } from '../../runtime';
import { SEED } from '../../sandbox';
import {
	FIRST_WORKFLOW_NODES,
	FIRST_WORKFLOW_REPLY,
	firstWorkflow,
} from '../../harness/firstWorkflow';
import { ON_N8N, startN8n, type N8nServer, type PreparedN8n } from '../../harness/cluster';
import { executionData, executionsOf, UNFINISHED } from '../../harness/n8nRest';
import { POLL_EVERY_10_S } from '../../harness/workflows';
import { customerCommand } from '../helpers/customerCommand';

/** At most 16 characters: n8n 1.x saves no static data for a longer workflow ID. */
const WORKFLOW_ID = 'famulorE2eFirst1';
/** A poll every 10 s, and the time it may take n8n to start the run. */
const POLL_SETTLE_MS = 12_000;
const SENDER = SEED.alice.senders.online;
const CUSTOMER = SEED.alice.openWindowCustomer;
/** What the workflow's WhatsApp nodes request (the trigger's own reads are left out). */
const NODE_PATHS =
	/^\/api\/user\/whatsapp\/(session-status|send-freeform|send|senders\/\d+\/templates)$/;

let n8n: PreparedN8n;
let server: N8nServer;

const settle = async () => await new Promise((resolve) => setTimeout(resolve, POLL_SETTLE_MS));

/** The requests of the workflow's WhatsApp nodes since the last clear, in order. */
async function nodeRequests(): Promise<Array<{ call: string; body: unknown; query: unknown }>> {
	return (await n8n.client.apiRequests())
		.filter((request) => NODE_PATHS.test(request.path))
		.map((request) => ({
			call: `${request.method} ${request.path}`,
			body: request.body,
			query: request.query,
		}));
}

/** Waits until the workflow has `count` executions, all finished, then a poll more to see no other. */
async function settledExecutions(count: number): Promise<Array<{ id: string; status: string }>> {
	await waitFor(
		`${count} execution(s) of the first workflow`,
		async () => {
			const runs = await executionsOf(server, WORKFLOW_ID);
			return runs.length >= count && runs.every((run) => !UNFINISHED.includes(run.status))
				? true
				: undefined;
		},
		60_000,
		500,
	);
	await settle();
	return await executionsOf(server, WORKFLOW_ID);
}

/** Which of the two send nodes ran in an execution (its data holds each node's run). */
async function sendNodesRun(executionId: string): Promise<string[]> {
	const data = await executionData(server, executionId);
	return [FIRST_WORKFLOW_NODES.freeform, FIRST_WORKFLOW_NODES.template].filter((name) =>
		data.includes(`"${name}"`),
	);
}

const customerWrites = async (text: string) =>
	await customerCommand(n8n.sandbox.url, 'whatsapp-message', { text, ai: 'off' });

beforeAll(async () => {
	({ n8n, server } = await startN8n({
		workflows: [
			{ file: 'first-workflow.json', workflow: firstWorkflow(WORKFLOW_ID, POLL_EVERY_10_S) },
		],
	}));
}, 300_000);

afterAll(async () => await n8n?.cleanup());

test(`${ON_N8N}: the README's first workflow answers in free form while the window is open, with the template once close-window closed it`, async () => {
	expect((await server.activate(WORKFLOW_ID)).status).toBe(200);
	await server.waitUntilPublished(WORKFLOW_ID);
	await settle(); // the first poll only remembers what is there
	await n8n.client.clearRequests();

	// The window is open: the true branch sends the free-form reply.
	await customerWrites('Where is my order?');
	const [open] = await settledExecutions(1);
	expect(open.status).toBe('success');
	expect(await sendNodesRun(open.id)).toEqual([FIRST_WORKFLOW_NODES.freeform]);
	const sent = await nodeRequests();
	expect(sent.map((request) => request.call)).toEqual([
		'GET /api/user/whatsapp/session-status',
		'POST /api/user/whatsapp/send-freeform',
	]);
	expect(sent[0].query).toEqual({ sender_id: String(SENDER), recipient_phone: CUSTOMER.phone });
	expect(sent[1].body).toEqual({
		sender_id: SENDER,
		recipient_phone: CUSTOMER.phone,
		message: FIRST_WORKFLOW_REPLY,
	});

	// The window closed: the false branch sends the follow-up template with the customer's name.
	expect((await server.deactivate(WORKFLOW_ID)).status).toBe(200);
	await n8n.client.clearRequests();
	await customerWrites('Hello? Anyone there?');
	const closed = await customerCommand(n8n.sandbox.url, 'close-window', {});
	expect(closed).toContain(`Closed the 24-hour WhatsApp window of ${CUSTOMER.phone}`);
	expect((await server.activate(WORKFLOW_ID)).status).toBe(200);
	await server.waitUntilPublished(WORKFLOW_ID);
	const runs = await settledExecutions(2);
	expect(runs.map((run) => run.status)).toEqual(['success', 'success']);
	expect(await sendNodesRun(runs[0].id)).toEqual([FIRST_WORKFLOW_NODES.template]);
	const requests = await nodeRequests();
	expect(requests.map((request) => request.call)).toEqual([
		'GET /api/user/whatsapp/session-status',
		`GET /api/user/whatsapp/senders/${SENDER}/templates`,
		'POST /api/user/whatsapp/send',
	]);
	expect(requests[2].body).toEqual({
		sender_id: SENDER,
		template_id: 7105,
		recipient_phone: CUSTOMER.phone,
		recipient_name: CUSTOMER.name,
		variables: { customer_name: CUSTOMER.name },
	});

	// The conversation shows both replies after the customer's messages, as `messages` prints them.
	const shown = await customerCommand(n8n.sandbox.url, 'messages', {});
	expect(shown.trim().split('\n').slice(-4)).toEqual([
		expect.stringContaining('customer: Where is my order?'),
		expect.stringContaining(`you (freeform, API): ${FIRST_WORKFLOW_REPLY}`),
		expect.stringContaining('customer: Hello? Anyone there?'),
		expect.stringContaining('you (template, API): '),
	]);
	expect((await server.deactivate(WORKFLOW_ID)).status).toBe(200);
}, 240_000);
