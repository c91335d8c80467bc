/**
 * The polling trigger's end-to-end workflows, polled every 5 s, and waits on the polls themselves: a
 * poll is the trigger's read of the conversations list, which the sandbox logs. "A poll passed" is two
 * list reads answered after a point (the first has had a whole interval to start its execution), not a
 * sleep sized for the slowest machine. 5 s rather than less: n8n starts a scheduled poll whether or not
 * the one before has finished, and two overlapping polls could both emit a message.
 */
import { executionsOf, type ExecutionSummary, type N8nRest } from '../../../harness/n8nRest';
import type { SandboxClient } from '../../../harness/sandboxClient';
import type { Json } from '../../../harness/workflowNodes';
import { pollingMessagesWorkflow } from '../../../harness/workflows';
import { waitFor } from '../../../runtime';
import { SEED } from '../../../sandbox';

export const POLL_INTERVAL_MS = 5000;

/** Poll times at 0, 5, …, 55 s of every minute (n8n refuses a seconds field other than one number). */
const POLL_EVERY_5_S = Array.from({ length: 60_000 / POLL_INTERVAL_MS }, (_, index) => ({
	mode: 'custom',
	cronExpression: `${(index * POLL_INTERVAL_MS) / 1000} * * * * *`,
}));

/** The workflow with every Famulor AI Polling Trigger polling every 5 s. */
export function pollingEvery5s<T extends Json>(workflow: T): T {
	const nodes = workflow.nodes as Array<{ type: string; parameters: Json }>;
	for (const entry of nodes)
		if (entry.type === 'n8n-nodes-famulor-ai.famulorPollTrigger')
			entry.parameters = { ...entry.parameters, pollTimes: { item: POLL_EVERY_5_S } };
	return workflow;
}

/** New WhatsApp Message on alice's online sender, polled every 5 s, as imported (ClusterOptions' `workflows`). */
export const pollingWorkflowFile = () => ({
	file: 'polling.json',
	workflow: pollingEvery5s(pollingMessagesWorkflow(SEED.alice.senders.online)),
});

/** The read every poll of a WhatsApp or chat message trigger starts with. */
const POLL_PATH = '/api/user/conversations';

/** The sequence number of the sandbox's last logged request: polls after it come later. */
export async function lastRequestSeq(client: SandboxClient): Promise<number> {
	return (await client.requests()).reduce((last, entry) => Math.max(last, entry.seq), 0);
}

/** Waits until `count` polls logged after `since` have been answered; the last one's sequence number. */
export async function pollsAnswered(
	client: SandboxClient,
	since: number,
	count: number,
	timeoutMs = 60_000,
): Promise<number> {
	return await waitFor(
		`${count} polls after request ${since}`,
		async () => {
			const answered = (await client.requests({ path: POLL_PATH, method: 'GET', since })).filter(
				(entry) => entry.status !== null,
			);
			return answered.length >= count ? answered[count - 1].seq : undefined;
		},
		timeoutMs,
		250,
	);
}

/** Waits until a poll that began after now has passed (see above). */
export async function aPollPasses(client: SandboxClient): Promise<void> {
	await pollsAnswered(client, await lastRequestSeq(client), 2);
}

/** A customer writes to alice's online sender (the polling workflow's) while the window is open. */
export async function customerWrites(client: SandboxClient, text: string): Promise<void> {
	await client.controlJson('POST', '/whatsapp/inbound', {
		sender_id: SEED.alice.senders.online,
		customer_phone: SEED.alice.openWindowCustomer.phone,
		message: text,
	});
}

/** Waits until the workflow has at least `count` executions, every one successful; them then. */
export async function successfulExecutions(
	api: Pick<N8nRest, 'rest'>,
	workflowId: string,
	count: number,
): Promise<ExecutionSummary[]> {
	return await waitFor(
		`${count} executions of ${workflowId}`,
		async () => {
			const found = await executionsOf(api, workflowId);
			return found.length >= count && found.every((entry) => entry.status === 'success')
				? found
				: undefined;
		},
		60_000,
		500,
	);
}
