/** Shared set-up of the Mid-Call Tool suites: the trigger's parameters, the sandbox's views, and a proxy. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

import { SEED, type BeyondDocsOption } from '../../sandbox';
import { TOOL_SECRET_HEADER } from '../../nodes/FamulorTrigger/midCallTool/toolSettings';
import { useTriggerKit, type TriggerKit } from './triggerKit';
import type { TriggerUnderTest } from './triggerUnderTest';
import { keepIdleConnections } from '../helpers/keepAlive';

export const INBOUND = SEED.alice.inboundAssistantId; // 101, tools 31 and 33
export const OUTBOUND = SEED.alice.outboundAssistantId; // 102, tool 32
export const SEEDED_TOOLS = [31, 32, 33];

export const TOOL = {
	event: 'midCallTool',
	toolAssistantIds: [INBOUND, OUTBOUND],
	toolName: 'get_order_status',
	toolDescription: 'Looks up an order when the caller asks where it is',
	toolParameters: {
		parameter: [
			{ name: 'order_number', type: 'string', description: 'The order number' },
			{ name: 'quantity', type: 'number', description: 'How many items' },
			{ name: 'express', type: 'boolean', description: 'Whether it ships express' },
		],
	},
	toolTimeout: 5,
	responseMode: 'lastNode',
};

export interface MidCallToolSuite {
	kit: () => TriggerKit;
	toolTrigger(extra?: IDataObject, webhookId?: string): TriggerUnderTest;
	tools(): Promise<IDataObject[]>;
	/** The one tool that is not seeded. */
	publishedTool(): Promise<IDataObject>;
}

/** One trigger kit for the file (the sandbox with the given options), reset before every test. */
export function useMidCallToolSuite(beyondDocs: BeyondDocsOption[] = []): MidCallToolSuite {
	const kit = useTriggerKit(undefined, beyondDocs);
	const tools = async () => (await kit().api('GET', '/api/user/tools')).json as IDataObject[];
	return {
		kit,
		toolTrigger: (extra = {}, webhookId) =>
			kit().trigger({ ...TOOL, ...extra }, { typeVersion: 1.2, webhookId }),
		tools,
		async publishedTool() {
			const created = (await tools()).filter((tool) => !SEEDED_TOOLS.includes(tool.id as number));
			if (created.length !== 1) throw new Error(`${created.length} tools were published`);
			return created[0];
		},
	};
}

/** Every matching request of the sandbox fails with 500 from now on (20 of them: more than any retry). */
export async function failWith500(kit: TriggerKit, method: string, path: string): Promise<void> {
	await kit.ctl('POST', '/faults', { method, path, count: 20, kind: 500 });
}

export const secretHeader = (tool: IDataObject) =>
	(tool.headers as Array<{ name: string; value: string }>).find(
		(header) => header.name === TOOL_SECRET_HEADER,
	)?.value as string;

export interface Forwarded {
	method: string;
	url: string;
}

/**
 * A proxy in front of the sandbox: forwards each request, then asks `after` what to do before
 * answering: 'drop' closes the connection instead (the answer is lost after the service acted).
 */
export async function proxy(
	target: string,
	after: (request: Forwarded) => Promise<'drop' | void>,
): Promise<{ url: string; close(): Promise<void> }> {
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			void (async () => {
				const headers = { ...req.headers } as Record<string, string>;
				delete headers.host;
				delete headers['content-length'];
				const answer = await fetch(`${target}${req.url}`, {
					method: req.method,
					headers,
					body: ['GET', 'HEAD'].includes(req.method ?? '') ? undefined : Buffer.concat(chunks),
				});
				const text = await answer.text();
				if ((await after({ method: req.method ?? '', url: req.url ?? '' })) === 'drop') {
					req.socket.destroy();
					return;
				}
				res.writeHead(answer.status, { 'content-type': 'application/json' });
				res.end(text);
			})();
		});
	});
	keepIdleConnections(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
