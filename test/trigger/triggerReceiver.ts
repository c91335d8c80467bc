/**
 * The local HTTP server standing in for n8n's webhook endpoint in the trigger suites: it receives
 * the sandbox's deliveries and runs them through the trigger's webhook() in n8n-core's
 * WebhookContext, answering like n8n's onReceived mode.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, IWebhookResponseData } from 'n8n-workflow';

import { createWebhookContext, type TriggerHarness } from '../../harness/engine';
import { FamulorTrigger } from '../../nodes/FamulorTrigger/FamulorTrigger.node';
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

/** What a test sets and reads about the deliveries; the kit exposes it (see TriggerKit). */
export interface DeliveryRecord {
	deliveries: Delivery[];
	/** Number of next deliveries that are processed but answered 500, as if n8n's answer got lost. */
	loseAnswers: number;
	/** The workflow behind a live event; unset, the receiver answers at once (see TriggerKit). */
	workflow?: (item: IDataObject) => unknown;
}

export interface TriggerReceiver {
	/** The receiver's origin; each `reopen` gives a new port. */
	readonly url: string;
	/** Routes the requests to `url` (a production or test URL on the receiver) to `harness`. */
	route(url: string, harness: TriggerHarness): void;
	/** Forgets every route. */
	clearRoutes(): void;
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
	/** Resolves once the requests still being handled are. */
	settled(): Promise<void>;
	/** Waits for the requests still being handled, then listens on a new port. */
	reopen(): Promise<void>;
	close(): Promise<void>;
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

/** Starts a receiver that records each delivery in `kit` and answers as `kit` says. */
export async function openTriggerReceiver(kit: DeliveryRecord): Promise<TriggerReceiver> {
	const harnesses = new Map<string, TriggerHarness>();

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

	return {
		get url() {
			return receiver.url;
		},
		route: (url, harness) => harnesses.set(url, harness),
		clearRoutes: () => harnesses.clear(),
		deliverTogether,
		settled: async () => {
			await Promise.all(inFlight);
		},
		async reopen() {
			await Promise.all(inFlight);
			await closeReceiver(receiver.server);
			receiver = await openReceiver();
		},
		close: () => closeReceiver(receiver.server),
	};
}
