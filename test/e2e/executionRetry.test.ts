/**
 * n8n's own Retry of a failed production execution (POST /rest/executions/{id}/retry, what the
 * executions list's Retry does) in each matrix entry: the calls that went through, and the one whose
 * outcome is unknown, are not placed again; the calls never sent are. Queue mode, with the retry on
 * another worker: the last test of test/e2e/queue/liveAnswersQueue.test.ts.
 */
import {
	expectEachCallOnce,
	failThenRetry,
	RETRIED_WORKFLOW_ID,
	retriedWorkflowFile,
} from './helpers/executionRetry';
import { ON_N8N, startN8n, type N8nServer, type PreparedN8n } from '../../harness/cluster';

let n8n: PreparedN8n;
let server: N8nServer;

beforeAll(async () => {
	({ n8n, server } = await startN8n({ workflows: [retriedWorkflowFile()] }));
	await server.publish(RETRIED_WORKFLOW_ID);
}, 600_000);

afterAll(async () => await n8n?.cleanup());

test(`${ON_N8N}: the retry of a production execution that failed at the third of five calls sends only the fourth and fifth`, async () => {
	const outcome = await failThenRetry({
		api: server,
		client: n8n.client,
		webhookBaseUrl: server.url,
	});
	expect(outcome.failed.status).toBe('error');
	expectEachCallOnce(outcome);
}, 300_000);
