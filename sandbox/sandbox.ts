/** The running sandbox: its options, state, logs, faults and the tasks it has scheduled on its clock. */
import type { Socket } from 'node:net';
import type { ApiOption } from './apiGenerations';
import type { ScheduledClock } from './clock';
import type { GeneralLimit } from './http/generalLimit';
import type { UserName } from './seed';
import { State } from './state';

export interface RateLimit {
	limit: number;
	windowMs: number;
}

export interface ResolvedOptions {
	callDurationMs: number;
	documentProcessingMs: number;
	rateLimits: { generateReply: RateLimit; sendFreeform: RateLimit };
	/** every API request's limit per token; false = off (controls can change it at run time) */
	generalRateLimit: GeneralLimit | false;
	webhookRetryDelaysMs: number[];
	webhookTimeoutMs: number;
	/** real milliseconds every API request waits before it is handled, like a network round trip; 0 = none */
	latencyMs: number;
	seed: boolean;
	/** which assistant API generation(s) the sandbox accepts */
	api: ApiOption;
}

export interface RequestLogEntry {
	seq: number;
	at: number;
	method: string;
	path: string;
	query: Record<string, unknown>;
	headers: Record<string, unknown>;
	user: UserName | null;
	contentType: string | null;
	body: unknown;
	status: number | null;
	fault?: string;
}

export interface WebhookLogEntry {
	seq: number;
	at: number;
	/** Set for call webhooks (post_call, inbound). */
	callId?: number;
	/** Set for conversation_ended deliveries (the conversation's UUID). */
	conversationId?: string;
	/** Set for message_status deliveries (WhatsApp read receipts). */
	whatsappMessageId?: number;
	kind: 'post_call' | 'inbound' | 'conversation_ended' | 'message_status';
	url: string;
	attempt: number;
	status?: number;
	error?: string;
	payload: Record<string, unknown>;
}

export interface Fault {
	method?: string;
	path: string;
	count: number;
	kind: string;
	retryAfter?: number;
	/** Matching requests let through (answered normally) before the fault applies. */
	skip?: number;
}

/** The request and webhook logs keep this many newest entries. */
const LOG_CAP = 50_000;

export function appendCapped<T>(log: T[], entry: T): void {
	log.push(entry);
	if (log.length > LOG_CAP) log.splice(0, log.length - LOG_CAP);
}

export class Sandbox {
	state: State;
	requests: RequestLogEntry[] = [];
	webhooks: WebhookLogEntry[] = [];
	faults: Fault[] = [];
	rate = new Map<string, { start: number; count: number }>();
	cancels = new Set<() => void>();
	heldSockets = new Map<Socket, ReturnType<typeof setTimeout>>();
	baseUrl = '';
	requestSeq = 0;
	webhookSeq = 0;

	constructor(
		public clock: ScheduledClock,
		public opts: ResolvedOptions,
	) {
		this.state = new State(() => clock.now(), opts.seed);
	}

	now(): number {
		return this.clock.now();
	}

	reset(): void {
		for (const c of this.cancels) c();
		this.cancels.clear();
		this.state = new State(() => this.clock.now(), this.opts.seed);
		this.requests = [];
		this.webhooks = [];
		this.faults = [];
		this.rate.clear();
	}

	schedule(delayMs: number, fn: () => unknown): () => void {
		let cancel: () => void = () => undefined;
		const wrapped = async (): Promise<void> => {
			this.cancels.delete(cancel);
			await fn();
		};
		const inner = this.clock.schedule(delayMs, wrapped);
		cancel = () => {
			inner();
			this.cancels.delete(cancel);
		};
		this.cancels.add(cancel);
		return cancel;
	}

	stopAll(): void {
		for (const c of [...this.cancels]) c();
		for (const [sock, t] of this.heldSockets) {
			clearTimeout(t);
			sock.destroy();
		}
		this.heldSockets.clear();
	}
}
