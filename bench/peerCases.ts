/** The peer benchmark's cases: the sandbox's limits for them, the node versions, and each case's Famulor and HTTP Request workflows. */
import { dirname, join } from 'node:path';

import {
	DOCUMENTED_GENERAL_LIMIT,
	SEED,
	type GeneralLimitOption,
	type RateLimit,
} from '../sandbox';
import { n8nMain } from '../runtime';
import type { PreparedN8n } from '../harness/cluster';
import {
	famulorNode,
	httpRequestNode,
	recordsNode,
	type FamulorCredentialKind,
	type NodeVersions,
	type WorkflowNode,
} from './peerWorkflows';

export const LATENCY_MS = 5;
const ALICE = SEED.alice;
export const FREEFORM = { limit: 5, windowMs: 1000 };
/**
 * The general limit with the documented counts in half the time (bursts of 20 per 5 s, 100 per 30 s),
 * as the sandbox's `windowScale` gives it; the Famulor credential's Custom Rate Limits match it. A run
 * of n8n has a fixed cost of a few hundred milliseconds (credentials, the first connection, the
 * last burst's own requests) that no pacing removes; with much shorter windows it, not the pacing,
 * would decide the ratio to the limit's minimum.
 */
const GENERAL_WINDOW_SCALE = 0.5;
const scaledWindow = (limit: RateLimit): RateLimit => ({
	limit: limit.limit,
	windowMs: limit.windowMs * GENERAL_WINDOW_SCALE,
});
export const BURST = scaledWindow(DOCUMENTED_GENERAL_LIMIT.burst);
export const SUSTAINED = scaledWindow(DOCUMENTED_GENERAL_LIMIT.sustained);

export interface Case {
	key: string;
	title: string;
	count: number;
	generalLimit: GeneralLimitOption;
	/** extra sandbox set-up after the reset */
	prepare?: (n8n: PreparedN8n) => Promise<void>;
	ours: WorkflowNode[];
	peer: WorkflowNode[];
	peerSetup: string;
	/** records expected out of the last node */
	expected: number;
	/** the least time the service allows, when a limit sets one */
	minimumMs?: number;
}

function defaultVersion(description: {
	defaultVersion?: number;
	version?: number | number[];
}): number {
	if (typeof description.defaultVersion === 'number') return description.defaultVersion;
	const version = description.version ?? 1;
	return Array.isArray(version) ? Math.max(...version) : version;
}

/** The version a new node gets in the editor: ours from the source, the HTTP Request node's from the installed n8n. */
export async function nodeVersions(n8n: PreparedN8n): Promise<NodeVersions> {
	const { Famulor } = await import('../nodes/Famulor/Famulor.node');
	// n8nMain is node_modules/n8n/bin/n8n; n8n-nodes-base sits beside n8n.
	const runtimeModules = dirname(dirname(dirname(n8nMain(n8n.entry))));
	const httpModule = (await import(
		join(runtimeModules, 'n8n-nodes-base', 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js')
	)) as {
		HttpRequest: new () => {
			description: { defaultVersion?: number; version?: number | number[] };
		};
	};
	return {
		famulor: defaultVersion(new Famulor().description),
		httpRequest: defaultVersion(new httpModule.HttpRequest().description),
	};
}

export function cases(sandboxUrl: string, versions: NodeVersions): Case[] {
	const sender = { __rl: true, mode: 'id', value: String(ALICE.senders.online) };
	const phone = ALICE.openWindowCustomer.phone;
	const statusRead = (count: number, credential: FamulorCredentialKind) => ({
		ours: [
			famulorNode(versions, credential, {
				resource: 'whatsApp',
				operation: 'getSessionStatus',
				senderId: sender,
				recipientPhone: phone,
			}),
		],
		url: `${sandboxUrl}/api/user/whatsapp/session-status`,
		query: { sender_id: String(ALICE.senders.online), recipient_phone: phone },
		count,
	});
	const reads = statusRead(1000, 'unpaced');
	const limited = statusRead(3 * BURST.limit, 'scaled');
	const conversations = 2000;
	return [
		{
			key: 'reads',
			title: `${reads.count.toLocaleString('en')} WhatsApp session-status reads, ${LATENCY_MS} ms latency, general limit off (sandbox; credential: 0)`,
			count: reads.count,
			generalLimit: false,
			ours: reads.ours,
			peer: [httpRequestNode(versions, { method: 'GET', url: reads.url, query: reads.query })],
			peerSetup: 'no batching (all items at once: its fastest)',
			expected: reads.count,
		},
		{
			key: 'sends',
			title: `50 WhatsApp free-form sends (${FREEFORM.limit} per ${FREEFORM.windowMs / 1000} s), general limit off (sandbox; credential: 0)`,
			count: 50,
			generalLimit: false,
			ours: [
				famulorNode(versions, 'unpaced', {
					resource: 'whatsApp',
					operation: 'sendFreeform',
					senderId: sender,
					recipientPhone: phone,
					message: '=Bench {{ $json.n }}',
				}),
			],
			peer: [
				httpRequestNode(versions, {
					method: 'POST',
					url: `${sandboxUrl}/api/user/whatsapp/send-freeform`,
					jsonBody: `={{ JSON.stringify({ sender_id: ${ALICE.senders.online}, recipient_phone: ${JSON.stringify(phone)}, message: 'Bench ' + $json.n }) }}`,
					batch: { size: FREEFORM.limit, intervalMs: FREEFORM.windowMs },
				}),
			],
			peerSetup: `batching ${FREEFORM.limit} items per ${FREEFORM.windowMs} ms`,
			expected: 50,
			minimumMs: (Math.ceil(50 / FREEFORM.limit) - 1) * FREEFORM.windowMs,
		},
		{
			key: 'list',
			title: `Return All of ${conversations.toLocaleString('en')} conversations, general limit off (sandbox; credential: 0)`,
			count: 1,
			generalLimit: false,
			prepare: async (n8n) => {
				await n8n.ctl('POST', '/conversations/seed', {
					user: 'alice',
					count: conversations - ALICE.conversationCount,
				});
			},
			ours: [
				famulorNode(versions, 'unpaced', {
					resource: 'conversation',
					operation: 'getAll',
					returnAll: true,
				}),
			],
			peer: [
				httpRequestNode(versions, {
					method: 'GET',
					url: `${sandboxUrl}/api/user/conversations`,
					query: { per_page: '100' },
					cursorPagination: true,
				}),
				recordsNode(),
			],
			peerSetup: 'pagination on `next_cursor`, 100 per page, then Split Out `data`',
			expected: conversations,
		},
		{
			key: 'general',
			title: `${limited.count} session-status reads = 3 × the burst, general limit on, scaled ×${GENERAL_WINDOW_SCALE} in time (${BURST.limit} per ${BURST.windowMs / 1000} s, ${SUSTAINED.limit} per ${SUSTAINED.windowMs / 1000} s)`,
			count: limited.count,
			generalLimit: { windowScale: GENERAL_WINDOW_SCALE },
			ours: limited.ours,
			peer: [
				httpRequestNode(versions, {
					method: 'GET',
					url: limited.url,
					query: limited.query,
					batch: { size: BURST.limit, intervalMs: BURST.windowMs },
				}),
			],
			peerSetup: `batching ${BURST.limit} items per ${BURST.windowMs} ms`,
			expected: limited.count,
			minimumMs: 2 * BURST.windowMs,
		},
	];
}
