import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxOptions } from '../../sandbox';
import { keepIdleConnections } from '../helpers/keepAlive';
import { boot, type Client } from './helpers';

export interface Receiver {
	url: string;
	received: Array<{
		path: string;
		raw: string;
		body: any;
		headers: Record<string, string | string[] | undefined>;
	}>;
	/** Statuses answered in order, then 200. */
	script: number[];
	close(): Promise<void>;
}

/** A local webhook receiver that keeps each request's raw body and headers. */
export async function webhookReceiver(): Promise<Receiver> {
	const r: Receiver = { url: '', received: [], script: [], close: async () => undefined };
	const server: Server = createServer((req, res) => {
		let raw = '';
		req.setEncoding('utf8');
		req.on('data', (chunk: string) => (raw += chunk));
		req.on('end', () => {
			r.received.push({ path: req.url ?? '', raw, body: JSON.parse(raw), headers: req.headers });
			res.statusCode = r.script.shift() ?? 200;
			res.end('ok');
		});
	});
	keepIdleConnections(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	r.close = () => new Promise((resolve) => server.close(() => resolve()));
	return r;
}

/** A file's sandbox and webhook receiver: started once, reset before each test, stopped at the end. */
export interface WebhookSandbox {
	c: Client;
	hook: Receiver;
}

/** Registers the file's hooks; the returned object is filled in beforeAll, so read it in tests only. */
export function useWebhookSandbox(options: SandboxOptions): WebhookSandbox {
	const started = {} as WebhookSandbox;
	beforeAll(async () => {
		started.c = await boot(options);
		started.hook = await webhookReceiver();
	});
	afterAll(async () => {
		await started.c?.sb.stop();
		await started.hook?.close();
	});
	beforeEach(async () => {
		await started.c.ctl('POST', '/reset');
		started.hook.received = [];
		started.hook.script = [];
	});
	return started;
}

/** Switches assistant `id`'s post-call webhook on, sent to the receiver's /post-call. */
export const activatePostCall = (
	w: WebhookSandbox,
	id: number,
	extra: Record<string, unknown> = {},
) =>
	w.c.put(`/api/user/assistant/${id}`, {
		is_webhook_active: true,
		webhook_url: `${w.hook.url}/post-call`,
		...extra,
	});
