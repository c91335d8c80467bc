/** A tiny HTTP server that answers from a script and records every request byte for byte. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';

export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: IncomingMessage['headers'];
	body: Buffer;
}

/** One scripted answer: a status with a JSON (or raw text) body, or a dropped connection. */
export type ScriptedAnswer =
	| {
			status: number;
			body?: unknown;
			raw?: string;
			headers?: Record<string, string>;
			delayMs?: number;
	  }
	| { reset: true };

export interface ScriptedServer {
	url: string;
	requests: RecordedRequest[];
	/** Queue answers; when the queue is empty, `fallback` answers. */
	enqueue(...answers: ScriptedAnswer[]): void;
	fallback: (request: RecordedRequest) => ScriptedAnswer;
	close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
	const queue: ScriptedAnswer[] = [];
	const state: ScriptedServer = {
		url: '',
		requests: [],
		enqueue: (...answers) => queue.push(...answers),
		fallback: () => ({ status: 200, body: {} }),
		close: async () => {
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
	const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://localhost');
			const recorded: RecordedRequest = {
				method: req.method ?? '',
				path: url.pathname,
				query: Object.fromEntries(url.searchParams.entries()),
				headers: req.headers,
				body: Buffer.concat(chunks),
			};
			state.requests.push(recorded);
			const answer = queue.shift() ?? state.fallback(recorded);
			if ('reset' in answer) {
				req.socket.destroy();
				return;
			}
			const respond = () => {
				if (res.destroyed) return;
				res.writeHead(answer.status, {
					'content-type': 'application/json',
					...(answer.headers ?? {}),
				});
				res.end(answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
			};
			if (answer.delayMs) setTimeout(respond, answer.delayMs).unref();
			else respond();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return state;
}

/** A 429 as the service words it: `retry_after` in the body, a Retry-After header when given. */
export function tooManyAttempts(retryAfterSeconds: number, headerSeconds?: number): ScriptedAnswer {
	const body = { message: 'Too Many Attempts.', retry_after: retryAfterSeconds };
	if (headerSeconds === undefined) return { status: 429, body };
	return { status: 429, body, headers: { 'Retry-After': String(headerSeconds) } };
}

/** A loopback port nothing listens on: a request there is refused before anything is sent. */
export async function closedPort(): Promise<number> {
	const probe = createTcpServer();
	await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
	const { port } = probe.address() as AddressInfo;
	await new Promise<void>((resolve) => probe.close(() => resolve()));
	return port;
}
