/**
 * The Famulor AI Polling Trigger in a running n8n (each matrix entry): a published workflow polling
 * every 5 s for New WhatsApp Message starts exactly one execution per customer message the sandbox
 * receives (each message written after the previous one's execution, so each falls in a poll of its
 * own), the first poll starts none, unpublishing starts none, and publishing again emits what came
 * while it was unpublished, once. The waits are on the polls the sandbox sees (./helpers/polls.ts).
 */
import { sleep } from '../../runtime';
import { SEED } from '../../sandbox';
import { ON_N8N, startN8n, type N8nServer, type PreparedN8n } from '../../harness/cluster';
import { executionData, executionsOf, type ExecutionSummary } from '../../harness/n8nRest';
import { POLLING_WORKFLOW_ID } from '../../harness/workflows';
import {
	aPollPasses,
	customerWrites as aCustomerWrites,
	lastRequestSeq,
	POLL_INTERVAL_MS,
	pollingWorkflowFile,
	pollsAnswered,
	successfulExecutions,
} from './helpers/polls';

let n8n: PreparedN8n;
let server: N8nServer;

async function executions(): Promise<ExecutionSummary[]> {
	return await executionsOf(server, POLLING_WORKFLOW_ID);
}

const executionText = async (id: string) => await executionData(server, id);

const customerWrites = async (text: string) => await aCustomerWrites(n8n.client, text);

/** Waits for the execution count to reach `count`, all successful; the executions then. */
async function finishedExecutions(count: number): Promise<ExecutionSummary[]> {
	try {
		return await successfulExecutions(server, POLLING_WORKFLOW_ID, count);
	} catch (error) {
		// What n8n did instead: its executions and the end of its log.
		const workflow = await server.rest<{ data: Record<string, unknown> }>(
			'GET',
			`/workflows/${POLLING_WORKFLOW_ID}`,
		);
		const { active, activeVersionId, staticData } = workflow.json.data ?? {};
		throw new Error(
			`${(error as Error).message}; workflow: ${JSON.stringify({ active, activeVersionId, staticData })}; executions: ${JSON.stringify((await executions()).map(({ id, status, mode }) => ({ id, status, mode })))}; n8n log: ${server.output().slice(-2000)}`,
		);
	}
}

/** Waits for `count` finished executions, then for a poll more to see no further one. */
async function settledExecutions(count: number): Promise<ExecutionSummary[]> {
	await finishedExecutions(count);
	await aPollPasses(n8n.client);
	return await executions();
}

beforeAll(async () => {
	({ n8n, server } = await startN8n({ workflows: [pollingWorkflowFile()] }));
}, 300_000);

afterAll(async () => await n8n?.cleanup());

test(`${ON_N8N}: a published polling trigger starts one execution per customer message, none for what was there before`, async () => {
	const types = await fetch(`${server.url}/types/nodes.json`, {
		headers: { cookie: server.cookie },
	});
	const listed = (
		(await types.json()) as Array<{ name: string; displayName: string; polling?: boolean }>
	).find((type) => type.name === 'n8n-nodes-famulor-ai.famulorPollTrigger');
	expect(listed).toMatchObject({ displayName: 'Famulor AI Polling Trigger', polling: true });
	await customerWrites('written before publishing');
	const beforePublishing = await lastRequestSeq(n8n.client);
	const activated = await server.activate(POLLING_WORKFLOW_ID);
	expect(activated.status).toBe(200);
	await server.waitUntilPublished(POLLING_WORKFLOW_ID);
	// The first poll (at publishing) remembers the present; one scheduled poll after it passes.
	await pollsAnswered(n8n.client, await pollsAnswered(n8n.client, beforePublishing, 1), 2);
	expect(await executions()).toEqual([]);

	await customerWrites('first message');
	// A second execution for the first message would show in the count below, after the last poll.
	const [first] = await finishedExecutions(1);
	await customerWrites('second message');
	const both = await settledExecutions(2);
	expect(both).toHaveLength(2);
	expect(both.every((entry) => entry.mode === 'trigger')).toBe(true);
	const texts = await Promise.all(both.map(async (entry) => await executionText(entry.id)));
	expect(texts.filter((text) => text.includes('first message'))).toHaveLength(1);
	expect(texts.filter((text) => text.includes('second message'))).toHaveLength(1);
	expect(texts.some((text) => text.includes('written before publishing'))).toBe(false);
	expect(await executionText(first.id)).toContain(SEED.alice.openWindowCustomer.phone);
}, 180_000);

test(`${ON_N8N}: unpublished, no execution starts; published again, what came meanwhile is emitted once`, async () => {
	const before = (await executions()).length;
	const deactivated = await server.deactivate(POLLING_WORKFLOW_ID);
	expect(deactivated.status).toBe(200);
	await customerWrites('while unpublished');
	// Nothing to wait for when nothing polls: two and a half poll intervals pass.
	await sleep(2.5 * POLL_INTERVAL_MS);
	expect(await executions()).toHaveLength(before);

	expect((await server.activate(POLLING_WORKFLOW_ID)).status).toBe(200);
	await server.waitUntilPublished(POLLING_WORKFLOW_ID);
	const after = await settledExecutions(before + 1);
	expect(after).toHaveLength(before + 1);
	expect(await executionText(after[0].id)).toContain('while unpublished');
	expect((await server.deactivate(POLLING_WORKFLOW_ID)).status).toBe(200);
}, 180_000);
