/**
 * Set-up of the trigger suites: a real sandbox, the trigger's lifecycle through n8n-core's
 * HookContext (test/helpers/engine.ts), and a local HTTP server standing in for n8n's webhook
 * endpoint: it receives the sandbox's deliveries and runs them through the trigger's webhook()
 * in n8n-core's WebhookContext, answering like n8n's onReceived mode.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeParameters, IWebhookResponseData } from 'n8n-workflow';

import { startSandbox, type StartedSandbox, type WebhookLogEntry } from '../../sandbox';
import { createTriggerHarness, createWebhookContext, type TestCredentials, type TriggerHarness } from '../helpers/engine';
import { sandboxControl, sandboxRequest } from '../helpers/sandboxHttp';
import { useSuiteFixture } from '../helpers/suite';
import { FamulorTrigger } from '../../nodes/FamulorTrigger/FamulorTrigger.node';

export interface Delivery {
	path: string;
	query: IDataObject;
	body: unknown;
	/** Status the receiver answered. */
	status: number;
	/** Items the trigger emitted (empty: no execution started). */
	emitted: IDataObject[];
	result: IWebhookResponseData;
}

export interface TriggerUnderTest extends TriggerHarness {
	/** The production URL n8n registers (on the receiver). */
	productionUrl: string;
	/** The test URL ("listen for test event"). */
	testUrl: string;
	/** Switches the harness to test-webhook mode (webhookData.isTest). */
	useTestUrl(): void;
	nodeStaticData(): IDataObject;
}

export interface TriggerKit {
	sb: StartedSandbox;
	credentials: TestCredentials;
	deliveries: Delivery[];
	/** Number of next deliveries that are processed but answered 500, as if n8n's answer got lost. */
	loseAnswers: number;
	trigger(parameters: INodeParameters, webhookId?: string): TriggerUnderTest;
	api(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
	ctl(method: string, path: string, body?: unknown): Promise<any>;
	assistant(id: number): Promise<IDataObject>;
	requests(): Promise<Array<{ method: string; path: string; body: unknown; query: IDataObject; status: number | null }>>;
	webhookLog(callId?: number): Promise<WebhookLogEntry[]>;
	/** Starts an outbound call of the assistant and ends it through the sandbox controls. */
	endCall(assistantId: number, end?: IDataObject): Promise<{ callId: number; deliveries: WebhookLogEntry[] }>;
	/** Posts straight to the receiver, as a forger would. */
	post(url: string, body: unknown): Promise<number>;
	reset(): Promise<void>;
	stop(): Promise<void>;
}

const trigger = new FamulorTrigger();

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		let data = '';
		req.setEncoding('utf8');
		req.on('data', (chunk: string) => (data += chunk));
		req.on('end', () => resolve(data));
		req.on('error', reject);
	});
}

export async function startTriggerKit(retryDelaysMs: number[] = [30, 60]): Promise<TriggerKit> {
	const sb = await startSandbox({ port: 0, callDurationMs: 0, webhookRetryDelaysMs: retryDelaysMs, webhookTimeoutMs: 5000 });
	const credentials: TestCredentials = { apiToken: sb.tokens.alice, baseUrl: sb.url };
	const harnesses = new Map<string, TriggerHarness>();
	const kit = { deliveries: [] as Delivery[], loseAnswers: 0 };

	const server: Server = createServer((req, res) => {
		void (async () => {
			const raw = await readBody(req);
			const url = new URL(req.url ?? '/', 'http://receiver');
			const harness = harnesses.get(url.pathname);
			if (!harness) {
				res.statusCode = 404;
				res.end('no webhook registered at this path');
				return;
			}
			const body = raw === '' ? {} : (JSON.parse(raw) as unknown);
			const query = Object.fromEntries(url.searchParams.entries());
			const headers = Object.fromEntries(Object.entries(req.headers).map(([key, value]) => [key, String(value)]));
			const { context, response } = createWebhookContext(harness, { body, query, headers });
			const result = await trigger.webhook.call(context);
			let status = 200;
			let answer = JSON.stringify(result.webhookResponse ?? { message: 'Workflow was started' });
			if (result.noWebhookResponse) {
				status = response.statusCode;
				answer = String(response.body ?? '');
			}
			if (kit.loseAnswers > 0) {
				kit.loseAnswers--;
				status = 500;
			}
			const emitted = (result.workflowData?.[0] ?? []).map((item) => item.json);
			kit.deliveries.push({ path: url.pathname, query, body, status, emitted, result });
			res.statusCode = status;
			res.end(answer);
		})().catch((error: unknown) => {
			res.statusCode = 599;
			res.end(String(error));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

	const api = async (method: string, path: string, body?: unknown) => {
		const { status, json } = await sandboxRequest(sb, method, path, { body });
		return { status, json };
	};
	const ctl = async (method: string, path: string, body?: unknown) => (await sandboxControl(sb, method, path, body)).json;

	return Object.assign(kit, {
		sb,
		credentials,
		trigger(parameters: INodeParameters, webhookId = 'e2d5a9c0-0000-4000-8000-000000000001'): TriggerUnderTest {
			const harness = createTriggerHarness(parameters, credentials, webhookId);
			const productionUrl = `${receiverUrl}/webhook/${webhookId}/webhook`;
			const testUrl = `${receiverUrl}/webhook-test/${webhookId}/webhook`;
			// The same additionalData object backs the harness's HookContext and WebhookContext.
			Object.assign(harness.webhookData.workflowExecuteAdditionalData, {
				webhookBaseUrl: `${receiverUrl}/webhook`,
				webhookTestBaseUrl: `${receiverUrl}/webhook-test`,
			});
			harnesses.set(new URL(productionUrl).pathname, harness);
			harnesses.set(new URL(testUrl).pathname, harness);
			return Object.assign(harness, {
				webhookUrl: productionUrl,
				productionUrl,
				testUrl,
				useTestUrl() {
					(harness.webhookData as { isTest?: boolean }).isTest = true;
				},
				nodeStaticData() {
					return (harness.workflow.staticData[`node:${harness.node.name}`] ?? {}) as IDataObject;
				},
			});
		},
		api,
		ctl,
		async assistant(id: number) {
			const { json } = await api('GET', '/api/user/assistants/get?per_page=100');
			const found = (json.data as IDataObject[]).find((record) => record.id === id);
			if (!found) throw new Error(`assistant ${id} not in the sandbox`);
			return found;
		},
		async requests() {
			const log = (await ctl('GET', '/requests')) as Array<{ seq: number; method: string; path: string; body: unknown; query: IDataObject; status: number | null }>;
			return log.filter((entry) => entry.path.startsWith('/api/'));
		},
		async webhookLog(callId?: number) {
			return (await ctl('GET', `/webhooks${callId === undefined ? '' : `?callId=${callId}`}`)) as WebhookLogEntry[];
		},
		async endCall(assistantId: number, end: IDataObject = {}) {
			const started = await api('POST', '/api/user/make_call', { phone_number: '+4917612345678', assistant_id: assistantId });
			if (started.status !== 200) throw new Error(`make_call failed: ${JSON.stringify(started.json)}`);
			const callId = started.json.call_id as number;
			const ended = await ctl('POST', `/calls/${callId}/end`, { status: 'completed', ...end });
			return { callId, deliveries: ended.deliveries as WebhookLogEntry[] };
		},
		async post(url: string, body: unknown) {
			const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
			await res.text();
			return res.status;
		},
		async reset() {
			await ctl('POST', '/reset');
			await ctl('DELETE', '/requests');
			kit.deliveries.length = 0;
			kit.loseAnswers = 0;
			harnesses.clear();
		},
		async stop() {
			await sb.stop();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	});
}

/** Registers the suite's hooks: one trigger kit for the file, reset before every test, stopped at the end. Returns its accessor. */
export function useTriggerKit(retryDelaysMs?: number[]): () => TriggerKit {
	return useSuiteFixture({
		start: async () => await startTriggerKit(retryDelaysMs),
		beforeEach: async (kit) => await kit.reset(),
		stop: async (kit) => await kit.stop(),
	});
}

/** Resource-locator value by ID. */
export const byId = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });

/** Resolves once `predicate` holds, polling briefly (sandbox retries run on timers); the bound is generous for a loaded CI machine. */
export async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
	const started = Date.now();
	while (!(await predicate())) {
		if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}
