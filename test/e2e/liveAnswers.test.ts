/**
 * The workflow answers the assistant live, in a real n8n (each matrix entry), on the sandbox as
 * documented (no assistant answer reports its mid-call tools): publishing example 8 creates its
 * mid-call tool on the assistant (beside the tools it names in Other Tools to Keep) and example 9
 * registers the inbound webhook; a sandbox call then gets example 9's variables when it arrives and
 * speaks example 8's answer when it asks; a request without the tool's secret is refused and starts
 * nothing; unpublishing removes both. Then two workflows publish tools to one assistant at once, each
 * naming the other's tool: both end on the assistant and answer, and unpublishing leaves its tools.
 */
import {
	askOrderStatus,
	expectLiveAnswers,
	KNOWN_CALLER_VARIABLES,
	publishedTool,
	TOOL_WORKFLOW_ID,
	unpublishLiveExamples,
} from './helpers/liveAnswers';
import { expectTwoToolsPublishedAtOnce, twoToolWorkflowFiles } from './helpers/twoToolWorkflows';
import { ON_N8N, startN8n, type N8nServer, type PreparedN8n } from '../../harness/cluster';
import { executionsOf } from '../../harness/n8nRest';

let n8n: PreparedN8n;
let server: N8nServer;

beforeAll(async () => {
	({ n8n, server } = await startN8n({ workflows: twoToolWorkflowFiles() }));
}, 300_000);

afterAll(async () => await n8n?.cleanup());

async function toolExecutions(): Promise<number> {
	return (await executionsOf(server, TOOL_WORKFLOW_ID)).length;
}

test(`${ON_N8N}: a call gets the workflow's variables when it arrives and speaks the workflow's answer when it asks`, async () => {
	const { tool, call } = await expectLiveAnswers(server, n8n.client);
	expect(tool.endpoint).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${n8n.port}/webhook/`));
	const record = await n8n.api<{ variables: unknown }>('GET', `/api/user/calls/${call.call.id}`);
	expect(record.json.variables).toEqual(KNOWN_CALLER_VARIABLES);
	const unknown = await askOrderStatus(n8n.client, call.call.id, 'Z-9');
	expect(unknown.function_call.result).toEqual({ answer: 'Order Z-9 is not in our records.' });
});

test(`${ON_N8N}: a tool request without the secret is refused (401) and starts nothing`, async () => {
	const tool = await publishedTool(n8n.client);
	if (!tool) throw new Error('the tool is not published');
	const before = await toolExecutions();
	const forged = await fetch(tool.endpoint, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ order_number: 'A-1001' }),
	});
	expect(forged.status).toBe(401);
	await new Promise((resolve) => setTimeout(resolve, 1500));
	expect(await toolExecutions()).toBe(before);
});

test(`${ON_N8N}: unpublishing removes the tool and the inbound webhook, the assistant keeps its tools`, async () => {
	const assistant = await unpublishLiveExamples(server, n8n.client);
	expect(assistant.tool_ids).toEqual([31, 33]);
});

test(`${ON_N8N}: two workflows publishing to one assistant at once: both tools end on it and answer; unpublishing leaves its tools`, async () => {
	await expectTwoToolsPublishedAtOnce(server, n8n.client);
});
