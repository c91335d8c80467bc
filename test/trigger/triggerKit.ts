/**
 * Set-up of the trigger suites: a real sandbox, the trigger's lifecycle through n8n-core's
 * HookContext (harness/engine.ts), and a local HTTP server standing in for n8n's webhook
 * endpoint (triggerReceiver.ts): it receives the sandbox's deliveries and runs them through the
 * trigger's webhook() in n8n-core's WebhookContext, answering like n8n's onReceived mode.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { startSandbox, type BeyondDocsOption, type StartedSandbox } from '../../sandbox';
import { createTriggerHarness, type TestCredentials } from '../../harness/engine';
import { useSuiteFixture } from '../helpers/suite';
import { UNPACED_GENERAL_LIMIT } from '../../harness/credentials';
import { sandboxActions, type SandboxActions } from './sandboxActions';
import { openTriggerReceiver, type Delivery, type TriggerReceiver } from './triggerReceiver';
import { triggerUnderTest, type TriggerUnderTest } from './triggerUnderTest';

export interface TriggerKit extends SandboxActions, Pick<TriggerReceiver, 'deliverTogether'> {
	sb: StartedSandbox;
	credentials: TestCredentials;
	deliveries: Delivery[];
	/** Number of next deliveries that are processed but answered 500, as if n8n's answer got lost. */
	loseAnswers: number;
	/**
	 * The workflow behind a live event (Mid-Call Tool, Inbound Call): when set, a delivery that starts an
	 * execution is answered with its result as n8n's "When Last Node Finishes" does (the last node's first
	 * item as JSON); unset, the receiver answers at once as in onReceived mode.
	 */
	workflow?: (item: IDataObject) => unknown;
	/** A trigger node at `typeVersion` (default 1; 1.1 = the version new nodes get). */
	trigger(
		parameters: INodeParameters,
		options?: { webhookId?: string; typeVersion?: number },
	): TriggerUnderTest;
	/** Posts straight to the receiver, as a forger would; a string body is sent as these exact bytes. */
	post(url: string, body: unknown, headers?: Record<string, string>): Promise<number>;
	/** Hands one delivery to the trigger as n8n does, without the socket (the receiver's handling alone). */
	deliver(url: string, body: unknown, headers?: Record<string, string>): Promise<Delivery>;
	reset(): Promise<void>;
	stop(): Promise<void>;
}

export async function startTriggerKit(
	retryDelaysMs: number[] = [30, 60],
	beyondDocs: readonly BeyondDocsOption[] = [],
): Promise<TriggerKit> {
	const sb = await startSandbox({
		beyondDocs,
		port: 0,
		callDurationMs: 0,
		webhookRetryDelaysMs: retryDelaysMs,
		webhookTimeoutMs: 5000,
		generalRateLimit: false,
	});
	// The sandbox holds no general limit here, and no trigger suite is about it: unpaced, as a user
	// of an unlimited account would set it (the pacer's own suites are test/transport).
	const credentials: TestCredentials = {
		apiToken: sb.tokens.alice,
		baseUrl: sb.url,
		...UNPACED_GENERAL_LIMIT,
	};
	const kit: Pick<TriggerKit, 'deliveries' | 'loseAnswers' | 'workflow'> = {
		deliveries: [],
		loseAnswers: 0,
	};
	const receiver = await openTriggerReceiver(kit);
	const startCredentials = { ...credentials };
	const actions = sandboxActions(sb);
	const { ctl } = actions;

	return Object.assign(kit, actions, {
		sb,
		credentials,
		trigger(
			parameters: INodeParameters,
			options: { webhookId?: string; typeVersion?: number } = {},
		): TriggerUnderTest {
			const webhookId = options.webhookId ?? 'e2d5a9c0-0000-4000-8000-000000000001';
			const harness = createTriggerHarness(
				parameters,
				credentials,
				webhookId,
				options.typeVersion ?? 1,
			);
			const node = triggerUnderTest(harness, receiver.url, webhookId);
			receiver.route(node.productionUrl, harness);
			receiver.route(node.testUrl, harness);
			return node;
		},
		async post(url: string, body: unknown, headers: Record<string, string> = {}) {
			const res = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...headers },
				body: typeof body === 'string' ? body : JSON.stringify(body),
			});
			await res.text();
			return res.status;
		},
		deliverTogether: receiver.deliverTogether,
		async deliver(url: string, body: unknown, headers: Record<string, string> = {}) {
			const [delivery] = await receiver.deliverTogether(url, body, 1, headers);
			return delivery;
		},
		async reset() {
			// Each test starts on real timers, whatever the one before left (../helpers/drivenClock.ts).
			jest.useRealTimers();
			await receiver.reopen();
			// A test that changed the credential (a revoked token, another base URL) leaves it as it found it.
			Object.assign(credentials, startCredentials);
			await ctl('POST', '/reset');
			await ctl('DELETE', '/requests');
			kit.deliveries.length = 0;
			kit.loseAnswers = 0;
			kit.workflow = undefined;
			receiver.clearRoutes();
		},
		async stop() {
			await receiver.settled();
			await sb.stop();
			await receiver.close();
		},
	});
}

/** Registers the suite's hooks: one trigger kit for the file, reset before every test, stopped at the end. Returns its accessor. */
export function useTriggerKit(
	retryDelaysMs?: number[],
	beyondDocs?: readonly BeyondDocsOption[],
): () => TriggerKit {
	return useSuiteFixture({
		start: async () => await startTriggerKit(retryDelaysMs, beyondDocs),
		beforeEach: async (kit) => await kit.reset(),
		stop: async (kit) => await kit.stop(),
	});
}

/** Resource-locator value by ID. */
export const byId = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });

/** The parameters of a trigger for `event` of assistant `assistantId`, with `extra` beside them. */
export const listeningTo = (
	assistantId: number,
	event: string,
	extra: IDataObject = {},
): INodeParameters => ({ assistantId: byId(assistantId), event, ...extra });
