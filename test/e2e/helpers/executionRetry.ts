/**
 * The scenario of n8n's Retry of a failed execution, shared by the single-process and the queue-mode
 * test: a production execution (a webhook call) places five calls and fails at the third (a 500 from
 * the sandbox: outcome unknown); n8n's own retry endpoint runs it again.
 */
import { SEED } from '../../../sandbox';
import type { SandboxClient } from '../../../harness/sandboxClient';
import {
	executionsOf,
	finishedExecution,
	N8N_CALL_TIMEOUT_MS,
	type ExecutionSummary,
	type N8nRest,
} from '../../../harness/n8nRest';
import { waitFor } from '../../../runtime';
import { retriedExecutionWorkflow } from '../../../harness/workflows';

export const RETRIED_WORKFLOW_ID = 'famulorE2eExecutionRetry';
const RETRIED_PATH = 'famulor-execution-retry';
const CALL_PATH = '/api/user/make_call';

export const RETRIED_NUMBERS = [
	'+4915112345681',
	'+4915112345682',
	'+4915112345683',
	'+4915112345684',
	'+4915112345685',
];

/** The workflow to import: webhook → five calls. */
export const retriedWorkflowFile = () => ({
	file: 'execution-retry.json',
	workflow: retriedExecutionWorkflow(
		RETRIED_WORKFLOW_ID,
		RETRIED_PATH,
		RETRIED_NUMBERS.map((phone) => ({ phone, assistant: SEED.alice.outboundAssistantId })),
	),
});

type Rest = Pick<N8nRest, 'rest'>;

/**
 * Every call once: two before the failure, the third (500, outcome unknown) not again, the last two
 * by the retry; and the retry fails with the third's error, its outcome still unknown, rather than guessing.
 */
export function expectEachCallOnce({ called, retried }: RetryOutcome): void {
	expect(called).toEqual([
		RETRIED_NUMBERS[0],
		RETRIED_NUMBERS[1],
		'faulted',
		RETRIED_NUMBERS[3],
		RETRIED_NUMBERS[4],
	]);
	expect({ mode: retried.mode, status: retried.status }).toEqual({
		mode: 'retry',
		status: 'error',
	});
}

export interface RetryOutcome {
	failed: ExecutionSummary;
	retried: ExecutionSummary;
	/** The numbers the service was asked to call, in order (the faulted request as `faulted`). */
	called: string[];
}

/**
 * Publishes nothing (the caller did); posts to the production webhook, waits for the failed
 * execution, lets `beforeRetry` act (e.g. stop the worker that ran it), then retries it through
 * `POST /rest/executions/{id}/retry` as the executions list does, and waits for the retry.
 */
export async function failThenRetry(options: {
	api: Rest;
	client: SandboxClient;
	webhookBaseUrl: string;
	beforeRetry?: (failed: ExecutionSummary) => Promise<void>;
}): Promise<RetryOutcome> {
	const { api, client } = options;
	await client.clearRequests();
	await client.controlJson('POST', '/faults', {
		method: 'POST',
		path: CALL_PATH,
		count: 1,
		kind: '500',
		skip: 2,
	});
	const before = new Set((await executionsOf(api, RETRIED_WORKFLOW_ID)).map((e) => e.id));
	const posted = await fetch(`${options.webhookBaseUrl}/webhook/${RETRIED_PATH}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: '{}',
		signal: AbortSignal.timeout(N8N_CALL_TIMEOUT_MS),
	});
	if (posted.status !== 200) throw new Error(`the production webhook answered ${posted.status}`);
	const started = await waitFor('the production execution', async () =>
		(await executionsOf(api, RETRIED_WORKFLOW_ID)).find((e) => !before.has(e.id)),
	);
	const failed = await finishedExecution(api, started.id);
	await options.beforeRetry?.(failed);
	const retry = await api.rest<{ data: { id: string } }>('POST', `/executions/${failed.id}/retry`, {
		loadWorkflow: false,
	});
	if (retry.status !== 200)
		throw new Error(
			`POST /rest/executions/${failed.id}/retry: ${retry.status} ${JSON.stringify(retry.json)}`,
		);
	const retried = await finishedExecution(api, retry.json.data.id);
	const called = (await client.requests({ path: CALL_PATH })).map(
		(request) => (request.body as { phone_number?: string } | null)?.phone_number ?? 'faulted',
	);
	return { failed, retried, called };
}
