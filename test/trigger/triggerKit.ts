/**
 * Set-up of the trigger suites: a real sandbox, the trigger's lifecycle through n8n-core's
 * HookContext (harness/engine.ts), and a local HTTP server standing in for n8n's webhook
 * endpoint: it receives the sandbox's deliveries and runs them through the trigger's webhook()
 * in n8n-core's WebhookContext, answering like n8n's onReceived mode.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeParameters, IWebhookResponseData } from 'n8n-workflow';

import {
	SEED,
	startSandbox,
	type BeyondDocsOption,
	type StartedSandbox,
	type WebhookLogEntry,
} from '../../sandbox';
import {
	createTriggerHarness,
	createWebhookContext,
	type TestCredentials,
	type TriggerHarness,
} from '../../harness/engine';
import { sandboxControl, sandboxRequest } from '../helpers/sandboxHttp';
import { useSuiteFixture } from '../helpers/suite';
import { FamulorTrigger } from '../../nodes/FamulorTrigger/FamulorTrigger.node';
import { UNPACED_GENERAL_LIMIT } from '../../harness/credentials';
import { keepIdleConnections } from '../helpers/keepAlive';

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
	/** The webhook secret the trigger keeps in its static data. */
	secret(): string;
	/** The URL the trigger registers on the assistant: its production (or test) URL, signed. */
	signedUrl(which?: 'production' | 'test'): string;
}

export interface TriggerKit {
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
	api(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
	ctl(method: string, path: string, body?: unknown): Promise<any>;
	assistant(id: number): Promise<IDataObject>;
	/** The assistant's mid-call tool IDs as the sandbox stores them (the API reports them only with the option assistantToolIds). */
	storedToolIds(assistantId: number): Promise<number[]>;
	requests(): Promise<
		Array<{
			method: string;
			path: string;
			body: unknown;
			query: IDataObject;
			status: number | null;
		}>
	>;
	webhookLog(callId?: number): Promise<WebhookLogEntry[]>;
	/** Starts an outbound call of the assistant and ends it through the sandbox controls. */
	endCall(
		assistantId: number,
		end?: IDataObject,
	): Promise<{ callId: number; deliveries: WebhookLogEntry[] }>;
	/** Posts straight to the receiver, as a forger would; a string body is sent as these exact bytes. */
	post(url: string, body: unknown, headers?: Record<string, string>): Promise<number>;
	/** Hands one delivery to the trigger as n8n does, without the socket (the receiver's handling alone). */
	deliver(url: string, body: unknown, headers?: Record<string, string>): Promise<Delivery>;
	/**
	 * Hands `count` copies of one delivery to the trigger at the same instant, as n8n does for
	 * concurrent requests: each loads the static data before any of them saves it.
	 */
	deliverTogether(
		url: string,
		body: unknown,
		count: number,
		headers?: Record<string, string>,
	): Promise<Delivery[]>;
	/** Ends a chat (widget or WhatsApp conversation) now through the sandbox controls. */
	endConversation(uuid: string, details?: IDataObject): Promise<WebhookLogEntry[]>;
	/** The sender's read-receipt settings in the sandbox "dashboard": sets the URL, returns the signing secret. */
	setReadReceiptUrl(
		senderId: number,
		url: string | null,
	): Promise<{ url: string | null; signing_secret: string }>;
	/** Sends a free-form WhatsApp message to the seeded open-window customer of sender 71; returns its whatsapp_message_id. */
	sendWhatsAppMessage(): Promise<number>;
	/** Emits read receipts for a sent message; returns the first delivery attempts. */
	emitStatuses(whatsappMessageId: number, statuses: string[]): Promise<WebhookLogEntry[]>;
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
	const harnesses = new Map<string, TriggerHarness>();
	const kit: Pick<TriggerKit, 'deliveries' | 'loseAnswers' | 'workflow'> = {
		deliveries: [],
		loseAnswers: 0,
	};

	/** n8n's handling of one request: static data as loaded for it, the trigger's webhook(), the static data saved if changed. */
	const handle = async (
		harness: TriggerHarness,
		request: { pathname: string; query: IDataObject; raw: string; headers: Record<string, string> },
		loaded: IDataObject,
	): Promise<{ status: number; answer: string }> => {
		const body = request.raw === '' ? {} : (JSON.parse(request.raw) as unknown);
		const { context, response, workflow } = createWebhookContext(harness, {
			body,
			query: request.query,
			headers: request.headers,
			rawBody: Buffer.from(request.raw, 'utf8'),
			staticData: loaded,
		});
		const result = await trigger.webhook.call(context);
		if ((workflow.staticData as IDataObject).__dataChanged === true) {
			const key = `node:${harness.node.name}`;
			harness.workflow.staticData[key] = JSON.parse(
				JSON.stringify(workflow.staticData[key] ?? {}),
			) as IDataObject;
		}
		let status = 200;
		let answer = JSON.stringify(result.webhookResponse ?? { message: 'Workflow was started' });
		const started = result.workflowData?.[0]?.[0]?.json;
		if (kit.workflow && started) answer = JSON.stringify(await kit.workflow(started));
		if (result.noWebhookResponse) {
			status = response.statusCode;
			answer = String(response.body ?? '');
		}
		if (kit.loseAnswers > 0) {
			kit.loseAnswers--;
			status = 500;
		}
		const emitted = (result.workflowData?.[0] ?? []).map((item) => item.json);
		kit.deliveries.push({
			path: request.pathname,
			query: request.query,
			body,
			status,
			emitted,
			result,
		});
		return { status, answer };
	};
	/** The static data as n8n reads it from the database when a request arrives. */
	const loadStaticData = (harness: TriggerHarness) =>
		JSON.parse(JSON.stringify(harness.workflow.staticData)) as IDataObject;

	/** Requests still being handled; a reset waits for them, so a late one never lands in the next test. */
	const inFlight = new Set<Promise<void>>();
	const receive = (origin: string, req: IncomingMessage, res: ServerResponse) => {
		const handling = (async () => {
			const url = new URL(req.url ?? '/', origin);
			const harness = harnesses.get(`${origin}${url.pathname}`);
			if (!harness) {
				res.statusCode = 404;
				res.end('no webhook registered at this path');
				return;
			}
			const loaded = loadStaticData(harness);
			const raw = await readBody(req);
			const query = Object.fromEntries(url.searchParams.entries());
			const headers = Object.fromEntries(
				Object.entries(req.headers).map(([key, value]) => [key, String(value)]),
			);
			const { status, answer } = await handle(
				harness,
				{ pathname: url.pathname, query, raw, headers },
				loaded,
			);
			res.statusCode = status;
			res.end(answer);
		})().catch((error: unknown) => {
			res.statusCode = 599;
			res.end(String(error));
		});
		inFlight.add(handling);
		void handling.finally(() => inFlight.delete(handling));
	};
	/**
	 * Each test gets a receiver of its own (a new port): a test that timed out and still posts to its
	 * triggers' URLs meets a closed port, never the next test's triggers.
	 */
	const openReceiver = async () => {
		let origin = '';
		const server: Server = keepIdleConnections(
			createServer((req, res) => receive(origin, req, res)),
		);
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		return { server, url: origin };
	};
	const closeReceiver = async (server: Server) => {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	};
	let receiver = await openReceiver();
	const startCredentials = { ...credentials };

	const api = async (method: string, path: string, body?: unknown) => {
		const { status, json } = await sandboxRequest(sb, method, path, { body });
		return { status, json };
	};
	const ctl = async (method: string, path: string, body?: unknown) =>
		(await sandboxControl(sb, method, path, body)).json;

	const deliverTogether = async (
		url: string,
		body: unknown,
		count: number,
		headers: Record<string, string> = {},
	) => {
		const parsed = new URL(url);
		const harness = harnesses.get(`${parsed.origin}${parsed.pathname}`);
		if (!harness) throw new Error(`no trigger of this test at ${parsed.origin}${parsed.pathname}`);
		const request = {
			pathname: parsed.pathname,
			query: Object.fromEntries(parsed.searchParams.entries()),
			raw: typeof body === 'string' ? body : JSON.stringify(body),
			headers: {
				'content-type': 'application/json',
				...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
			},
		};
		const loads = Array.from({ length: count }, () => loadStaticData(harness));
		const before = kit.deliveries.length;
		await Promise.all(loads.map((loaded) => handle(harness, request, loaded)));
		return kit.deliveries.slice(before);
	};

	return Object.assign(kit, {
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
			const receiverUrl = receiver.url;
			const productionUrl = `${receiverUrl}/webhook/${webhookId}/webhook`;
			const testUrl = `${receiverUrl}/webhook-test/${webhookId}/webhook`;
			// The same additionalData object backs the harness's HookContext and WebhookContext.
			Object.assign(harness.webhookData.workflowExecuteAdditionalData, {
				webhookBaseUrl: `${receiverUrl}/webhook`,
				webhookTestBaseUrl: `${receiverUrl}/webhook-test`,
			});
			harnesses.set(productionUrl, harness);
			harnesses.set(testUrl, harness);
			const nodeStaticData = () =>
				(harness.workflow.staticData[`node:${harness.node.name}`] ?? {}) as IDataObject;
			const secret = () => nodeStaticData().webhookSecret as string;
			return Object.assign(harness, {
				webhookUrl: productionUrl,
				productionUrl,
				testUrl,
				useTestUrl() {
					(harness.webhookData as { isTest?: boolean }).isTest = true;
				},
				nodeStaticData,
				secret,
				signedUrl: (which: 'production' | 'test' = 'production') =>
					`${which === 'test' ? testUrl : productionUrl}?secret=${secret()}`,
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
		async storedToolIds(assistantId: number) {
			return ((await ctl('GET', `/state/assistants/${assistantId}`)) as IDataObject)
				.tool_ids as number[];
		},
		async requests() {
			const log = (await ctl('GET', '/requests')) as Array<{
				seq: number;
				method: string;
				path: string;
				body: unknown;
				query: IDataObject;
				status: number | null;
			}>;
			return log.filter((entry) => entry.path.startsWith('/api/'));
		},
		async webhookLog(callId?: number) {
			return (await ctl(
				'GET',
				`/webhooks${callId === undefined ? '' : `?callId=${callId}`}`,
			)) as WebhookLogEntry[];
		},
		async endCall(assistantId: number, end: IDataObject = {}) {
			const started = await api('POST', '/api/user/make_call', {
				phone_number: '+4917612345678',
				assistant_id: assistantId,
			});
			if (started.status !== 200)
				throw new Error(`make_call failed: ${JSON.stringify(started.json)}`);
			const callId = started.json.call_id as number;
			const ended = await ctl('POST', `/calls/${callId}/end`, { status: 'completed', ...end });
			return { callId, deliveries: ended.deliveries as WebhookLogEntry[] };
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
		deliverTogether,
		async deliver(url: string, body: unknown, headers: Record<string, string> = {}) {
			const [delivery] = await deliverTogether(url, body, 1, headers);
			return delivery;
		},
		async endConversation(uuid: string, details: IDataObject = {}) {
			const ended = await ctl('POST', `/conversations/${uuid}/end`, details);
			if (!Array.isArray(ended.deliveries))
				throw new Error(`ending ${uuid} failed: ${JSON.stringify(ended)}`);
			return ended.deliveries as WebhookLogEntry[];
		},
		async setReadReceiptUrl(senderId: number, url: string | null) {
			return (await ctl('PUT', `/whatsapp/senders/${senderId}/read-receipts`, { url })) as {
				url: string | null;
				signing_secret: string;
			};
		},
		async sendWhatsAppMessage() {
			const sent = await api('POST', '/api/user/whatsapp/send-freeform', {
				sender_id: 71,
				recipient_phone: SEED.alice.openWindowCustomer.phone,
				message: 'Your order has shipped.',
			});
			if (sent.status !== 200)
				throw new Error(`send-freeform failed: ${JSON.stringify(sent.json)}`);
			return sent.json.whatsapp_message_id as number;
		},
		async emitStatuses(whatsappMessageId: number, statuses: string[]) {
			const emitted = await ctl('POST', `/whatsapp/messages/${whatsappMessageId}/statuses`, {
				statuses,
			});
			if (!Array.isArray(emitted.deliveries))
				throw new Error(`statuses failed: ${JSON.stringify(emitted)}`);
			return emitted.deliveries as WebhookLogEntry[];
		},
		async reset() {
			// Each test starts on real timers, whatever the one before left (../helpers/drivenClock.ts).
			jest.useRealTimers();
			await Promise.all(inFlight);
			await closeReceiver(receiver.server);
			receiver = await openReceiver();
			// A test that changed the credential (a revoked token, another base URL) leaves it as it found it.
			Object.assign(credentials, startCredentials);
			await ctl('POST', '/reset');
			await ctl('DELETE', '/requests');
			kit.deliveries.length = 0;
			kit.loseAnswers = 0;
			kit.workflow = undefined;
			harnesses.clear();
		},
		async stop() {
			await Promise.all(inFlight);
			await sb.stop();
			await closeReceiver(receiver.server);
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

/** Resolves once `predicate` holds, polling briefly (sandbox retries run on timers); the bound is generous for a loaded CI machine. */
export async function waitFor(
	predicate: () => boolean | Promise<boolean>,
	timeoutMs = 15_000,
): Promise<void> {
	const started = Date.now();
	while (!(await predicate())) {
		if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}
