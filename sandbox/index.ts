/**
 * Famulor API sandbox: a strict, local, in-memory implementation of the service described in
 * the seed specification (the API docs of February 2026) (development tool only; never part of the published package).
 *
 *   const sb = await startSandbox({ port: 0, clock: createClock({ realTime: false }) });
 *   await fetch(`${sb.url}/api/user/assistants/get`, { headers: { Authorization: `Bearer ${sb.tokens.alice}` } });
 *   await sb.clock.advance(24 * 3600_000);
 *   await sb.stop();
 */
import {
	DOCUMENTED_GENERAL_LIMIT,
	resolveGeneralLimit,
	type GeneralLimitOption,
} from './domain/rateLimits/generalLimit';
import { INBOUND_BUDGET_MS } from './domain/calls/inboundRequest';
import { buildApp } from './http/server';
import { CONTROL_TOKEN, TOKENS } from './model/accounts';
import { createClock, ScheduledClock, SandboxClock } from './model/clock';
import { resolveBeyondDocs, type BeyondDocsOption } from './model/beyondDocs';
import { API_OPTIONS, type ApiOption, type ResolvedOptions } from './model/options';
import { Sandbox } from './model/sandbox';
import { openStateFile } from './persistence/stateFile';
import { SEED, seedState } from './seed';

export { createClock, SEED, TOKENS, CONTROL_TOKEN, DOCUMENTED_GENERAL_LIMIT };
export type { GeneralLimitOption } from './domain/rateLimits/generalLimit';
export { BEYOND_DOCS, BEYOND_DOCS_OPTIONS } from './model/beyondDocs';
export type { BeyondDocsOption } from './model/beyondDocs';
export type { ApiOption, GeneralLimit, RateLimit } from './model/options';
export type { SandboxClock, ScheduledClock };
export type { RequestLogEntry, WebhookLogEntry, Fault } from './model/logs';

export interface SandboxOptions {
	/** 0 = random; the CLI defaults to 3456 */
	port?: number;
	/** default 127.0.0.1 */
	host?: string;
	/** default true */
	seed?: boolean;
	clock?: SandboxClock;
	/** a started call ends by itself (status 'completed') after this; default 5000; 0 = only via controls */
	callDurationMs?: number;
	/** default 2000 */
	documentProcessingMs?: number;
	/** defaults: generateReply 5/60000 (per token), sendFreeform 5/1000 (per user) */
	rateLimits?: {
		generateReply?: { limit: number; windowMs: number };
		sendFreeform?: { limit: number; windowMs: number };
	};
	/**
	 * The general limit every API request counts against, per token. Default: the documented 100 per
	 * 60 s with bursts of 20 per 10 s. `false` = off; `{ windowScale: 0.1 }` = the same counts in a tenth
	 * of the time; `{ sustained, burst }` = other numbers. Test kits switch it off unless a test needs it.
	 */
	generalRateLimit?: GeneralLimitOption;
	/** delays between post-call webhook attempts under the option postCallRetries; default [1000, 2000, 4000] */
	webhookRetryDelaysMs?: number[];
	/** timeout of one webhook delivery attempt, and how long a `timeout` fault holds a socket; default 10000 */
	webhookTimeoutMs?: number;
	/**
	 * how long an arriving call waits for the inbound request's answer before the assistant picks up;
	 * default INBOUND_BUDGET_MS, the guide's 2 s. End-to-end tests on a busy machine raise it: they
	 * prove whose answer arrives, the benchmark how fast.
	 */
	inboundTimeoutMs?: number;
	/** real milliseconds every authenticated API request waits before it is handled (a network round trip); default 0 */
	latencyMs?: number;
	/**
	 * Assistant API generation(s) accepted: 'seed' (the seed specification's names, /api/ai/generate-reply, /user/phone-numbers),
	 * 'current' (today's docs: name, language_id, ...; /api/user/ai/generate-reply, /api/user/phone-numbers) or
	 * 'both' (default: either, one per request; a body mixing them is refused).
	 */
	api?: ApiOption;
	/**
	 * A file that keeps the state across restarts (`npm start`'s `.n8n-local/sandbox-state.json`): read
	 * at start when it exists, written after every request that may change something and at stop.
	 */
	stateFile?: string;
	/**
	 * Fields and behaviours beyond Famulor's public docs to switch on (model/beyondDocs.ts lists them
	 * with the page that leaves each open); default none, the service as documented.
	 */
	beyondDocs?: readonly BeyondDocsOption[];
}

export interface StartedSandbox {
	/** e.g. http://127.0.0.1:3456 (no trailing slash); API paths are url + '/api/...' */
	url: string;
	tokens: { alice: string; bob: string };
	/** Authorization: Bearer <controlToken> for /__sandbox/* */
	controlToken: string;
	clock: SandboxClock;
	/** What the start did with `stateFile`, when one was given. */
	stateFile?: string;
	stop(): Promise<void>;
}

/** Accepts any SandboxClock; one without schedule() is wrapped (its tasks run on advance() and by polling). */
function toScheduled(c: SandboxClock): ScheduledClock {
	const maybe = c as Partial<ScheduledClock>;
	if (typeof maybe.schedule === 'function' && typeof maybe.pending === 'function')
		return c as ScheduledClock;
	const tasks: Array<{ at: number; fn: () => unknown }> = [];
	const runDue = async (): Promise<void> => {
		for (;;) {
			tasks.sort((a, b) => a.at - b.at);
			if (!tasks.length || tasks[0].at > c.now()) return;
			const t = tasks.shift()!;
			await t.fn();
		}
	};
	const timer = setInterval(() => void runDue(), 50);
	timer.unref?.();
	return {
		realTime: true,
		now: () => c.now(),
		async advance(ms: number) {
			await c.advance(ms);
			await runDue();
		},
		schedule(delayMs, fn) {
			const t = { at: c.now() + delayMs, fn };
			tasks.push(t);
			return () => {
				const i = tasks.indexOf(t);
				if (i >= 0) tasks.splice(i, 1);
			};
		},
		pending: () => tasks.length,
		dispose: () => clearInterval(timer),
	};
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<StartedSandbox> {
	const clock = toScheduled(opts.clock ?? createClock({ realTime: true }));
	const resolved: ResolvedOptions = {
		seed: opts.seed ?? true,
		callDurationMs: opts.callDurationMs ?? 5000,
		documentProcessingMs: opts.documentProcessingMs ?? 2000,
		rateLimits: {
			generateReply: opts.rateLimits?.generateReply ?? { limit: 5, windowMs: 60_000 },
			sendFreeform: opts.rateLimits?.sendFreeform ?? { limit: 5, windowMs: 1000 },
		},
		generalRateLimit: resolveGeneralLimit(opts.generalRateLimit),
		webhookRetryDelaysMs: opts.webhookRetryDelaysMs ?? [1000, 2000, 4000],
		webhookTimeoutMs: opts.webhookTimeoutMs ?? 10_000,
		inboundTimeoutMs: opts.inboundTimeoutMs ?? INBOUND_BUDGET_MS,
		latencyMs: opts.latencyMs ?? 0,
		api: opts.api ?? 'both',
		beyondDocs: resolveBeyondDocs(opts.beyondDocs),
	};
	if (!API_OPTIONS.includes(resolved.api))
		throw new Error(`invalid api option ${String(resolved.api)}: use ${API_OPTIONS.join(', ')}`);
	const sb = new Sandbox(clock, resolved, resolved.seed ? seedState : undefined);
	const stateFile =
		opts.stateFile !== undefined ? openStateFile(sb, opts.stateFile, seedState) : undefined;
	const app = buildApp(sb);
	if (stateFile) {
		app.addHook('onResponse', async (req) => {
			if (req.method !== 'GET' && req.method !== 'HEAD') stateFile.changed();
		});
		sb.afterScheduledWork = () => stateFile.changed();
	}
	const host = opts.host ?? '127.0.0.1';
	await app.listen({ port: opts.port ?? 0, host });
	const addr = app.server.address();
	const port = typeof addr === 'object' && addr ? addr.port : opts.port;
	const urlHost =
		host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
	const url = `http://${urlHost}:${port}`;
	sb.baseUrl = url;
	let stopped = false;
	return {
		url,
		tokens: { alice: TOKENS.alice, bob: TOKENS.bob },
		controlToken: CONTROL_TOKEN,
		clock,
		stateFile: stateFile?.loaded,
		async stop() {
			if (stopped) return;
			stopped = true;
			sb.stopAll();
			await app.close();
			stateFile?.save();
		},
	};
}
