/**
 * Queue mode: n8n's Retry of a failed production execution runs on another worker (the worker that
 * ran the failed execution is stopped first), which has none of its memory: the execution's saved
 * data tells it what was sent. The calls that went through, and the one whose outcome is unknown,
 * are not placed again; the calls never sent are.
 */
import {
	expectEachCallOnce,
	failThenRetry,
	RETRIED_WORKFLOW_ID,
	retriedWorkflowFile,
} from '../helpers/executionRetry';
import { waitFor } from '../../../harness/realN8n';
import { startQueueSetup, workerOf, type QueueSetup } from '../../../harness/queueSetup';

let setup: QueueSetup;

beforeAll(async () => {
	setup = await startQueueSetup(2, undefined, [retriedWorkflowFile()]);
	const activated = await setup.rest.activate(RETRIED_WORKFLOW_ID);
	if (activated.status !== 200)
		throw new Error(`activating ${RETRIED_WORKFLOW_ID}: ${JSON.stringify(activated.json)}`);
	await setup.rest.waitUntilPublished(RETRIED_WORKFLOW_ID);
}, 600_000);

afterAll(async () => {
	await setup?.stop();
});

test('queue mode: the retry on another worker sends only the calls the failed execution never sent', async () => {
	let failedOn = '';
	const outcome = await failThenRetry({
		api: setup.rest,
		client: setup.client,
		webhookBaseUrl: setup.cluster.webhook.url,
		beforeRetry: async (failed) => {
			expect(failed.status).toBe('error');
			failedOn = await waitFor(`the worker of execution ${failed.id}`, async () =>
				workerOf(setup, failed.id),
			);
			await setup.cluster.workers[Number(failedOn.replace('worker', '')) - 1].stop();
		},
	});
	expectEachCallOnce(outcome);
	const retriedOn = await waitFor(`the worker of execution ${outcome.retried.id}`, async () =>
		workerOf(setup, outcome.retried.id),
	);
	expect(retriedOn).not.toBe(failedOn);
}, 300_000);
