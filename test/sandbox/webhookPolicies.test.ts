/**
 * The retry decision of each webhook kind as a table: after attempt N failed with a status (or a
 * network failure), the wait before the next attempt, or none (given up).
 */
import { resolveBeyondDocs } from '../../sandbox/model/beyondDocs';
import { retryDelayAfter } from '../../sandbox/domain/webhooks/webhookPolicies';

const DELAYS = [1000, 2000, 4000];
const opts = { webhookRetryDelaysMs: DELAYS, beyondDocs: resolveBeyondDocs(['postCallRetries']) };
const NETWORK = undefined;

test.each([
	// post-call under postCallRetries: the sandbox's delays, every failure retried
	['post_call', 1, 500, 1000],
	['post_call', 2, 404, 2000],
	['post_call', 3, NETWORK, 4000],
	['post_call', 4, 500, undefined],
	// conversation ended: 30, 60, 120 s, 4xx included
	['conversation_ended', 1, 400, 30_000],
	['conversation_ended', 2, 500, 60_000],
	['conversation_ended', 3, NETWORK, 120_000],
	['conversation_ended', 4, 500, undefined],
	// read receipts: 30, 60, 120 s for 5xx, 429 and network failures; other 4xx are final
	['message_status', 1, 503, 30_000],
	['message_status', 2, 429, 60_000],
	['message_status', 3, NETWORK, 120_000],
	['message_status', 1, 404, undefined],
	['message_status', 1, 410, undefined],
	['message_status', 4, 503, undefined],
] as const)('%s: attempt %i failed with %p → next after %p ms', (kind, attempt, status, wait) => {
	expect(retryDelayAfter(opts, kind, attempt, status)).toBe(wait);
});

test('post-call by default (the docs show no retries): one attempt, whatever the failure', () => {
	const documented = { webhookRetryDelaysMs: DELAYS, beyondDocs: resolveBeyondDocs() };
	for (const status of [500, 404, NETWORK])
		expect(retryDelayAfter(documented, 'post_call', 1, status)).toBeUndefined();
	expect(retryDelayAfter(documented, 'conversation_ended', 1, 500)).toBe(30_000);
});
