/** The sandbox HTTP server: every endpoint of SPEC.md plus the /__sandbox controls. */
import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import Fastify, { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ScheduledClock } from './clock';
import {
	CONTROL_TOKEN,
	LANGUAGES,
	LLM_MODELS,
	MULTIMODAL_MODELS,
	SUPPORTED_COUNTRIES,
	UserName,
	VOICES,
	uuidFrom,
} from './seed';
import { Assistant, Call, CallStatus, Conversation, DocumentRec, PostCallItem, State, User } from './state';
import {
	assistantSummary,
	callRecord,
	conversationRecord,
	documentRecord,
	fullAssistant,
	iso6,
	isoOffset,
	kbRecord,
	outboundAssistant,
	phoneNumberRecord,
	webhookPayload,
} from './format';
import {
	E164,
	Errors,
	addError,
	checkValue,
	firstError,
	getPath,
	hasErrors,
	intParam,
	isId,
	isPlainObject,
	isValidUrl,
	validate,
} from './validation';

export interface RateLimit {
	limit: number;
	windowMs: number;
}

export interface ResolvedOptions {
	callDurationMs: number;
	documentProcessingMs: number;
	rateLimits: { generateReply: RateLimit; sendFreeform: RateLimit };
	webhookRetryDelaysMs: number[];
	webhookTimeoutMs: number;
	/** real milliseconds every API request waits before it is handled, like a network round trip; 0 = none */
	latencyMs: number;
	seed: boolean;
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
	callId: number;
	kind: 'post_call' | 'inbound';
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
}

interface Ctx {
	entry?: RequestLogEntry;
	user?: User;
	multipart?: { fields: Record<string, unknown>; files: Array<{ field: string; filename: string; mimetype: string; size: number; sha256: string }> };
	rawBody?: string;
}

const WINDOW_MS = 24 * 3600_000;
const MAX_FILE_BYTES = 20 * 1024 * 1024;
const FREEFORM_COST = 0.05;
const REPLY_COST = 0.01;
const MIN_CALL_BALANCE = 0.1;
const LOG_CAP = 50_000;

type Body = Record<string, unknown>;
type Query = Record<string, string | undefined>;

export class Sandbox {
	state: State;
	requests: RequestLogEntry[] = [];
	webhooks: WebhookLogEntry[] = [];
	faults: Fault[] = [];
	rate = new Map<string, { start: number; count: number }>();
	cancels = new Set<() => void>();
	heldSockets = new Map<Socket, ReturnType<typeof setTimeout>>();
	baseUrl = '';
	private reqSeq = 0;
	private hookSeq = 0;
	private ctx = new WeakMap<object, Ctx>();

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

	c(req: FastifyRequest): Ctx {
		let v = this.ctx.get(req.raw);
		if (!v) {
			v = {};
			this.ctx.set(req.raw, v);
		}
		return v;
	}

	/** Fixed-window limiter (Laravel throttle semantics: rejected requests do not count). */
	hit(key: string, rl: RateLimit): { ok: true; remaining: number } | { ok: false; retryAfter: number } {
		const now = this.now();
		let w = this.rate.get(key);
		if (!w || now >= w.start + rl.windowMs) {
			w = { start: now, count: 0 };
			this.rate.set(key, w);
		}
		if (w.count >= rl.limit) {
			return { ok: false, retryAfter: Math.max(1, Math.ceil((w.start + rl.windowMs - now) / 1000)) };
		}
		w.count++;
		return { ok: true, remaining: rl.limit - w.count };
	}

	logRequest(req: FastifyRequest): RequestLogEntry {
		const path = req.url.split('?')[0];
		const headers: Record<string, unknown> = { ...req.headers };
		let user: UserName | null = null;
		const auth = req.headers.authorization;
		if (typeof auth === 'string') {
			const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
			const u = m ? this.state.userByToken(m[1]) : undefined;
			user = u ? u.key : null;
			headers.authorization = u ? `Bearer <${u.key}>` : '<invalid>';
		}
		const entry: RequestLogEntry = {
			seq: ++this.reqSeq,
			at: this.now(),
			method: req.method,
			path,
			query: { ...(req.query as Record<string, unknown>) },
			headers,
			user,
			contentType: typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : null,
			body: null,
			status: null,
		};
		this.requests.push(entry);
		if (this.requests.length > LOG_CAP) this.requests.splice(0, this.requests.length - LOG_CAP);
		return entry;
	}

	takeFault(method: string, path: string): Fault | undefined {
		const i = this.faults.findIndex(
			(f) =>
				(!f.method || f.method.toUpperCase() === method.toUpperCase()) &&
				(f.path === path || (f.path.endsWith('*') && path.startsWith(f.path.slice(0, -1)))),
		);
		if (i < 0) return undefined;
		const f = this.faults[i];
		f.count--;
		if (f.count <= 0) this.faults.splice(i, 1);
		return f;
	}

	// ---------------------------------------------------------------- calls and webhooks

	generatedExtracted(a: Assistant | undefined): Record<string, unknown> {
		const out: Record<string, unknown> = {};
		for (const item of a?.post_call_schema ?? []) {
			if (item.type === 'number') out[item.name] = 42;
			else if (item.type === 'bool' || item.type === 'boolean') out[item.name] = true;
			else out[item.name] = `sample ${item.name}`;
		}
		return out;
	}

	async endCall(
		call: Call,
		p: { status: CallStatus; transcript?: string | null; extracted_variables?: Record<string, unknown>; duration?: number },
	): Promise<WebhookLogEntry[]> {
		call.cancel?.();
		call.cancel = undefined;
		const a = this.state.assistants.get(call.assistant_id);
		const now = this.now();
		const completed = p.status === 'completed';
		call.status = p.status;
		call.duration = p.duration ?? (completed ? Math.max(1, Math.round((now - call.created_at) / 1000)) : 0);
		call.transcript =
			p.transcript !== undefined
				? p.transcript
				: completed
					? `Assistant: ${a?.initial_message ?? 'Hello'}\nCustomer: Hi, thanks for calling.\nAssistant: Goodbye!`
					: null;
		call.extracted_variables = p.extracted_variables ?? (completed ? this.generatedExtracted(a) : {});
		call.recording_url =
			a?.include_recording_in_webhook && completed ? `https://recordings.famulor.de/sandbox/${call.id}.mp3` : null;
		call.updated_at = now;
		call.finished_at = now;
		const jobs: Array<Promise<WebhookLogEntry | undefined>> = [];
		if (a && a.is_webhook_active && a.webhook_url && (!a.send_webhook_only_on_completed || completed)) {
			jobs.push(this.deliver(call, a.webhook_url, 'post_call', 1));
		}
		if (a && call.type === 'inbound' && completed && a.inbound_webhook_url) {
			jobs.push(this.deliver(call, a.inbound_webhook_url, 'inbound', 1));
		}
		const done = await Promise.all(jobs);
		return done.filter((e): e is WebhookLogEntry => e !== undefined);
	}

	async deliver(call: Call, url: string, kind: 'post_call' | 'inbound', attempt: number): Promise<WebhookLogEntry | undefined> {
		const a = this.state.assistants.get(call.assistant_id);
		// disabled (or re-pointed) webhooks stop pending retries
		if (kind === 'post_call' && (!a || !a.is_webhook_active || a.webhook_url !== url)) return undefined;
		if (kind === 'inbound' && (!a || a.inbound_webhook_url !== url)) return undefined;
		const payload = webhookPayload(call);
		const entry: WebhookLogEntry = { seq: ++this.hookSeq, at: this.now(), callId: call.id, kind, url, attempt, payload };
		try {
			const res = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'user-agent': 'Famulor-Webhook/1.0 (sandbox)' },
				body: JSON.stringify(payload),
				signal: AbortSignal.timeout(this.opts.webhookTimeoutMs),
			});
			entry.status = res.status;
			await res.arrayBuffer().catch(() => undefined);
		} catch (err) {
			const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
			entry.error =
				e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code ?? e.cause?.message ?? e.message ?? String(err));
		}
		this.webhooks.push(entry);
		if (this.webhooks.length > LOG_CAP) this.webhooks.splice(0, this.webhooks.length - LOG_CAP);
		const ok = entry.status !== undefined && entry.status >= 200 && entry.status < 300;
		const delays = this.opts.webhookRetryDelaysMs;
		if (!ok && attempt <= delays.length) {
			this.schedule(delays[attempt - 1], () => this.deliver(call, url, kind, attempt + 1));
		}
		return entry;
	}

	// ---------------------------------------------------------------- whatsapp

	sessionStatus(conv: Conversation | undefined): Record<string, unknown> {
		if (!conv || conv.last_customer_message_at === null) {
			return {
				is_open: false,
				can_send_freeform: false,
				requires_template: true,
				message: 'No conversation with this recipient. Send a template message to start one.',
			};
		}
		const expires = conv.last_customer_message_at + WINDOW_MS;
		const now = this.now();
		if (now < expires) {
			const minutes = Math.floor((expires - now) / 60_000);
			return {
				is_open: true,
				can_send_freeform: true,
				requires_template: false,
				message: `Session is open. Free-form messages can be sent for ${minutes} more minutes.`,
				minutes_remaining: minutes,
				expires_at: isoOffset(expires),
			};
		}
		return {
			is_open: false,
			can_send_freeform: false,
			requires_template: true,
			message: 'The 24-hour session has expired. Send a template message to restart the conversation.',
			expired_at: isoOffset(expires),
		};
	}

	customerInbound(senderId: number, phone: string, name: string | undefined, text: string): Conversation {
		const s = this.state;
		const sender = s.senders.get(senderId);
		if (!sender) throw new Error('sender not found');
		const now = this.now();
		let conv = s.waIndex.get(`${senderId}|${phone}`);
		if (!conv) {
			conv = s.addConversation({
				user_id: sender.user_id,
				assistant_id: sender.assistant_id,
				type: 'whatsapp',
				variables: null,
				external_identifier: null,
				message_count: 0,
				total_cost: 0,
				ai_enabled: true,
				sender_id: senderId,
				customer_name: name ?? null,
				customer_phone: phone,
				last_customer_message_at: null,
				messages: [],
				created_at: now,
				updated_at: now,
			});
		}
		if (name) conv.customer_name = name;
		conv.last_customer_message_at = now;
		conv.messages.push({ role: 'user', content: text, at: now, direction: 'inbound' });
		conv.message_count++;
		conv.updated_at = now;
		return conv;
	}
}

// ==================================================================== helpers

function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
	return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}

function laravel422(reply: FastifyReply, errors: Errors, message?: string): FastifyReply {
	return send(reply, 422, { message: message ?? firstError(errors), errors });
}

function tooMany(reply: FastifyReply, retryAfter: number, limit: number): FastifyReply {
	reply.header('Retry-After', String(retryAfter));
	reply.header('X-RateLimit-Limit', String(limit));
	reply.header('X-RateLimit-Remaining', '0');
	return send(reply, 429, { message: 'Too Many Attempts.', retry_after: retryAfter });
}

function body(req: FastifyRequest): Body {
	return isPlainObject(req.body) ? req.body : {};
}

function query(req: FastifyRequest): Query {
	return (req.query ?? {}) as Query;
}

function params(req: FastifyRequest): Record<string, string> {
	return (req.params ?? {}) as Record<string, string>;
}

function round(n: number, d = 4): number {
	const f = 10 ** d;
	return Math.round(n * f) / f;
}

function sha256(buf: Buffer): string {
	return createHash('sha256').update(buf).digest('hex');
}

function encodeCursor(seq: number, next: boolean): string {
	return Buffer.from(JSON.stringify({ seq, _pointsToNextItems: next })).toString('base64url');
}

function decodeCursor(c: string): { seq: number; next: boolean } | undefined {
	try {
		const v = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as unknown;
		if (!isPlainObject(v) || typeof v.seq !== 'number' || typeof v._pointsToNextItems !== 'boolean') return undefined;
		return { seq: v.seq, next: v._pointsToNextItems };
	} catch {
		return undefined;
	}
}

/** index of the last element with seq < bound (or -1) */
function lastBelow(list: Conversation[], bound: number): number {
	let lo = 0;
	let hi = list.length - 1;
	let ans = -1;
	while (lo <= hi) {
		const mid = (lo + hi) >> 1;
		if (list[mid].seq < bound) {
			ans = mid;
			lo = mid + 1;
		} else hi = mid - 1;
	}
	return ans;
}

const ASSISTANT_RULES: Record<string, string[]> = {
	assistant_name: ['string', 'max:255'],
	voice_id: ['integer'],
	language: ['string', 'max:100'],
	llm_model: ['string', 'max:100'],
	calls_direction: ['string', 'in:receive,make'],
	engine_type: ['string', 'in:pipeline,multimodal'],
	timezone: ['string', 'timezone'],
	initial_message: ['string'],
	system_prompt: ['string'],
	phone_number_id: ['nullable', 'integer'],
	tool_ids: ['nullable', 'array'],
	endpoint_type: ['string', 'in:vad,ai'],
	endpoint_sensitivity: ['numeric', 'between:0,5'],
	interrupt_sensitivity: ['numeric', 'between:0,5'],
	ambient_sound_volume: ['numeric', 'between:0,1'],
	post_call_evaluation: ['boolean'],
	send_webhook_only_on_completed: ['boolean'],
	include_recording_in_webhook: ['boolean'],
	is_webhook_active: ['boolean'],
	webhook_url: ['nullable', 'string', 'url'],
	use_min_interrupt_words: ['boolean'],
	min_interrupt_words: ['integer', 'between:0,10'],
	variables: ['nullable', 'object'],
	post_call_schema: ['nullable', 'array'],
	end_call_tool: ['nullable', 'object'],
	'end_call_tool.description': ['nullable', 'string', 'max:500'],
	llm_temperature: ['numeric', 'between:0,1'],
	voice_stability: ['numeric', 'between:0,1'],
	voice_similarity: ['numeric', 'between:0,1'],
	speech_speed: ['numeric', 'between:0.7,1.2'],
	allow_interruptions: ['boolean'],
	filler_audios: ['boolean'],
	re_engagement_interval: ['integer', 'between:7,600'],
	max_call_duration: ['integer', 'between:20,1200'],
	max_silence_duration: ['integer', 'between:1,120'],
	end_call_on_voicemail: ['boolean'],
	noise_cancellation: ['boolean'],
	record_call: ['boolean'],
	who_speaks_first: ['string', 'in:AI assistant,Customer'],
};
const REQUIRED_ON_CREATE = [
	'assistant_name',
	'voice_id',
	'language',
	'llm_model',
	'calls_direction',
	'engine_type',
	'timezone',
	'initial_message',
	'system_prompt',
];

function findModel(name: string): { id: number; multimodal: boolean } | undefined {
	const n = name.toLowerCase();
	const l = LLM_MODELS.find((m) => m.name.toLowerCase() === n);
	if (l) return { id: l.id, multimodal: false };
	const mm = MULTIMODAL_MODELS.find((m) => m.name.toLowerCase() === n || m.code.toLowerCase() === n);
	if (mm) return { id: mm.id, multimodal: true };
	return undefined;
}

/** Validates assistant input; returns errors and the patch of stored fields. */
function validateAssistant(s: State, user: User, b: Body, existing?: Assistant): { errors: Errors; patch: Partial<Assistant> } {
	const rules: Record<string, string[]> = {};
	for (const [f, r] of Object.entries(ASSISTANT_RULES)) {
		rules[f] = !existing && REQUIRED_ON_CREATE.includes(f) ? ['required', ...r] : r;
	}
	const errors = validate(b, rules);
	const patch: Partial<Assistant> = {};
	const has = (f: string): boolean => b[f] !== undefined && !errors[f];

	if (has('assistant_name')) patch.name = b.assistant_name as string;
	if (has('voice_id')) {
		if (!VOICES.some((v) => v.id === b.voice_id)) addError(errors, 'voice_id', 'The selected voice id is invalid.');
		else patch.voice_id = b.voice_id as number;
	}
	if (has('language')) {
		const name = (b.language as string).toLowerCase();
		const lang = LANGUAGES.find((l) => l.name.toLowerCase() === name);
		if (!lang) addError(errors, 'language', 'The selected language is invalid.');
		else patch.language_id = lang.id;
	}
	if (has('llm_model')) {
		const m = findModel(b.llm_model as string);
		if (!m) addError(errors, 'llm_model', 'The selected llm model is invalid.');
		else {
			patch.llm_model = b.llm_model as string;
			if (m.multimodal) patch.multimodal_model_id = m.id;
			else patch.llm_model_id = m.id;
		}
	}
	if (has('calls_direction')) patch.type = b.calls_direction === 'receive' ? 'inbound' : 'outbound';
	if (has('engine_type')) patch.mode = b.engine_type as Assistant['mode'];
	if (has('timezone')) patch.timezone = b.timezone as string;
	if (has('initial_message')) patch.initial_message = b.initial_message as string;
	if (has('system_prompt')) patch.system_prompt = b.system_prompt as string;
	if (b.phone_number_id !== undefined && !errors.phone_number_id) {
		if (b.phone_number_id === null) patch.phone_number_id = null;
		else {
			const p = s.phoneNumbers.get(b.phone_number_id as number);
			if (!p || p.user_id !== user.id) addError(errors, 'phone_number_id', 'The selected phone number id is invalid.');
			else patch.phone_number_id = p.id;
		}
	}
	if (b.tool_ids !== undefined && !errors.tool_ids) {
		const ids = (b.tool_ids ?? []) as unknown[];
		const ok: number[] = [];
		ids.forEach((id, i) => {
			if (typeof id !== 'number' || !Number.isInteger(id)) {
				addError(errors, `tool_ids.${i}`, `The tool_ids.${i} must be an integer.`);
				return;
			}
			const t = s.tools.get(id);
			if (!t || t.user_id !== user.id) addError(errors, `tool_ids.${i}`, `The selected tool_ids.${i} is invalid.`);
			else if (!ok.includes(id)) ok.push(id);
		});
		patch.tool_ids = ok;
	}
	if (has('endpoint_type')) patch.endpoint_type = b.endpoint_type as string;
	if (has('endpoint_sensitivity')) patch.endpoint_sensitivity = b.endpoint_sensitivity as number;
	if (has('interrupt_sensitivity')) patch.interrupt_sensitivity = b.interrupt_sensitivity as number;
	if (has('ambient_sound_volume')) patch.ambient_sound_volume = b.ambient_sound_volume as number;
	const bools: Array<[string, keyof Assistant]> = [
		['post_call_evaluation', 'post_call_evaluation'],
		['send_webhook_only_on_completed', 'send_webhook_only_on_completed'],
		['include_recording_in_webhook', 'include_recording_in_webhook'],
		['is_webhook_active', 'is_webhook_active'],
		['use_min_interrupt_words', 'use_min_interrupt_words'],
		['allow_interruptions', 'allow_interruptions'],
		['filler_audios', 'fillers'],
		['end_call_on_voicemail', 'end_call_on_voicemail'],
		['noise_cancellation', 'enable_noise_cancellation'],
		['record_call', 'record'],
	];
	for (const [input, stored] of bools) if (has(input)) (patch as Record<string, unknown>)[stored] = b[input];
	if (b.webhook_url !== undefined && !errors.webhook_url) {
		patch.webhook_url = b.webhook_url as string | null;
		if (b.webhook_url === null) patch.is_webhook_active = false;
	}
	// webhook_url is required when is_webhook_active is true
	if (b.is_webhook_active === true) {
		const url = b.webhook_url !== undefined ? b.webhook_url : (existing?.webhook_url ?? null);
		if ((url === null || url === '') && !errors.webhook_url) {
			addError(errors, 'webhook_url', 'The webhook url field is required when is webhook active is true.');
		}
	}
	if (has('min_interrupt_words')) patch.min_interrupt_words = b.min_interrupt_words as number;
	if (b.variables !== undefined && !errors.variables) patch.variables = (b.variables ?? {}) as Record<string, unknown>;
	if (b.post_call_schema !== undefined && !errors.post_call_schema) {
		const items = (b.post_call_schema ?? []) as unknown[];
		const out: PostCallItem[] = [];
		items.forEach((item, i) => {
			const f = `post_call_schema.${i}`;
			if (!isPlainObject(item)) {
				addError(errors, f, `The ${f} must be an object.`);
				return;
			}
			const e1 = checkValue(`${f}.name`, item.name, ['required', 'string', 'max:255'], item.name !== undefined);
			const e2 = checkValue(`${f}.type`, item.type, ['required', 'string', 'in:string,number,bool,boolean'], item.type !== undefined);
			const e3 = checkValue(`${f}.description`, item.description, ['required', 'string', 'max:255'], item.description !== undefined);
			if (e1) addError(errors, `${f}.name`, e1);
			if (e2) addError(errors, `${f}.type`, e2);
			if (e3) addError(errors, `${f}.description`, e3);
			if (!e1 && !e2 && !e3) out.push({ name: item.name as string, type: item.type as string, description: item.description as string });
		});
		patch.post_call_schema = out;
	}
	const ect = getPath(b, 'end_call_tool.description');
	if (ect !== undefined && !errors['end_call_tool.description'] && !errors.end_call_tool) {
		patch.end_call_tool_description = ect as string | null;
	}
	if (has('llm_temperature')) patch.llm_temperature = b.llm_temperature as number;
	if (has('voice_stability')) patch.voice_stability = b.voice_stability as number;
	if (has('voice_similarity')) patch.voice_similarity = b.voice_similarity as number;
	if (has('speech_speed')) patch.speech_speed = b.speech_speed as number;
	if (has('re_engagement_interval')) patch.reengagement_interval = b.re_engagement_interval as number;
	if (has('max_call_duration')) patch.max_duration = b.max_call_duration as number;
	if (has('max_silence_duration')) patch.max_silence_duration = b.max_silence_duration as number;
	if (has('who_speaks_first')) patch.wait_for_customer = b.who_speaks_first === 'Customer';
	return { errors, patch };
}

// ==================================================================== app

export function buildApp(sb: Sandbox): FastifyInstance {
	const app = Fastify({ logger: false, bodyLimit: 25 * 1024 * 1024, forceCloseConnections: true, return503OnClosing: false });

	app.removeContentTypeParser('application/json');
	app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, raw, done) => {
		const text = typeof raw === 'string' ? raw : raw.toString('utf8');
		if (text.trim() === '') return done(null, {});
		try {
			done(null, JSON.parse(text));
		} catch {
			sb.c(req).rawBody = text;
			const err = new Error('The request body is not valid JSON.') as Error & { statusCode: number };
			err.statusCode = 400;
			done(err, undefined);
		}
	});
	app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, raw, done) => {
		const out: Record<string, string> = {};
		for (const [k, v] of new URLSearchParams(typeof raw === 'string' ? raw : raw.toString('utf8'))) out[k] = v;
		done(null, out);
	});
	void app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 5, fields: 50 }, throwFileSizeLimit: false });

	app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, reply) => {
		const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
		const message =
			err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
				? 'Unsupported content type.'
				: status >= 500
					? 'Server Error'
					: err.message;
		if (status >= 500) {
			console.error('[sandbox] internal error:', err);
		}
		return send(reply, status, { message });
	});
	app.setNotFoundHandler((req, reply) => {
		return send(reply, 404, { message: `The route ${req.url.split('?')[0].replace(/^\//, '')} could not be found.` });
	});

	// ---------------------------------------------------------------- hooks: log, faults, auth
	app.addHook('onRequest', async (req, reply) => {
		const path = req.url.split('?')[0];
		if (path.startsWith('/__sandbox')) {
			const auth = req.headers.authorization ?? '';
			if (auth !== `Bearer ${CONTROL_TOKEN}`) return send(reply, 401, { message: 'Unauthenticated.' });
			return;
		}
		const ctx = sb.c(req);
		const entry = sb.logRequest(req);
		ctx.entry = entry;
		const fault = sb.takeFault(req.method, path);
		if (fault) {
			entry.fault = fault.kind;
			switch (fault.kind) {
				case '500':
					entry.status = 500;
					return send(reply, 500, { message: 'Server Error' });
				case '502':
					entry.status = 502;
					return reply
						.code(502)
						.header('content-type', 'text/html')
						.send('<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>');
				case '503':
					entry.status = 503;
					return send(reply, 503, { message: 'Service Unavailable' });
				case '429': {
					entry.status = 429;
					const ra = fault.retryAfter ?? 60;
					reply.header('Retry-After', String(ra));
					return send(reply, 429, { message: 'Too Many Attempts.', retry_after: ra });
				}
				case 'malformed':
					entry.status = 200;
					return reply.code(200).header('content-type', 'application/json').send('{"data": [{"id": 1, "name": "trunc');
				case 'reset':
					reply.hijack();
					req.raw.socket.destroy();
					return reply;
				case 'timeout': {
					reply.hijack();
					const sock = req.raw.socket;
					const t = setTimeout(() => {
						sb.heldSockets.delete(sock);
						sock.destroy();
					}, sb.opts.webhookTimeoutMs);
					sb.heldSockets.set(sock, t);
					sock.once('close', () => {
						clearTimeout(t);
						sb.heldSockets.delete(sock);
					});
					return reply;
				}
				default:
					break;
			}
		}
		// Unknown routes answer 404 before authentication, as Laravel does.
		if (!req.routeOptions.url) return;
		const auth = req.headers.authorization;
		if (typeof auth !== 'string' || auth.trim() === '') {
			return send(reply, 401, { error: 'Missing Authorization header', message: 'Authorization header is required' });
		}
		const m = /^Bearer\s+(\S+)$/i.exec(auth.trim());
		const user = m ? sb.state.userByToken(m[1]) : undefined;
		if (!user) return send(reply, 401, { error: 'Invalid API key', message: 'The provided API key is invalid or expired' });
		ctx.user = user;
		if (sb.opts.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, sb.opts.latencyMs));
	});

	app.addHook('onResponse', async (req, reply) => {
		const ctx = sb.c(req);
		const e = ctx.entry;
		if (!e) return;
		if (e.status === null) e.status = reply.statusCode;
		if (ctx.multipart) e.body = ctx.multipart;
		else if (ctx.rawBody !== undefined) e.body = ctx.rawBody;
		else if (req.body !== undefined) e.body = req.body;
	});

	const userOf = (req: FastifyRequest): User => {
		const u = sb.c(req).user;
		if (!u) throw new Error('no user on request');
		return u;
	};

	const ownedAssistant = (user: User, id: unknown): Assistant | undefined => {
		const n = typeof id === 'string' ? (isId(id) ? Number(id) : NaN) : id;
		const a = typeof n === 'number' ? sb.state.assistants.get(n) : undefined;
		return a && a.user_id === user.id ? a : undefined;
	};

	// ---------------------------------------------------------------- me, catalogues
	app.get('/api/user/me', async (req, reply) => {
		const u = userOf(req);
		return send(reply, 200, { name: u.name, email: u.email, total_balance: round(u.balance) });
	});

	app.get('/api/user/assistants/languages', async (_req, reply) => send(reply, 200, LANGUAGES));

	app.get('/api/user/assistants/voices', async (req, reply) => {
		const q = query(req);
		const lang = intParam(q.language_id);
		const list = VOICES.filter((v) => lang === undefined || v.language_id === lang);
		return send(reply, 200, list);
	});

	app.get('/api/user/assistants/models', async (req, reply) => {
		const type = query(req).type ?? 'llm';
		if (type === 'llm') return send(reply, 200, LLM_MODELS);
		if (type === 'multimodal') return send(reply, 200, MULTIMODAL_MODELS);
		if (type === 'dualplex') return send(reply, 200, []);
		return laravel422(reply, { type: ['The selected type is invalid.'] });
	});

	// ---------------------------------------------------------------- assistants
	app.post('/api/user/assistant', async (req, reply) => {
		const user = userOf(req);
		const { errors, patch } = validateAssistant(sb.state, user, body(req));
		if (hasErrors(errors)) return laravel422(reply, errors, 'Validation failed');
		const id = sb.state.id();
		const a = sb.state.makeAssistant({ ...patch, id, user_id: user.id, name: patch.name as string, type: patch.type ?? 'outbound' });
		a.status = 'active';
		if (patch.use_min_interrupt_words === undefined && patch.min_interrupt_words !== undefined) a.use_min_interrupt_words = true;
		sb.state.assistants.set(id, a);
		return send(reply, 201, { message: 'Assistant created successfully', data: assistantSummary(a) });
	});

	app.put('/api/user/assistant/:id', async (req, reply) => {
		const user = userOf(req);
		const a = ownedAssistant(user, params(req).id);
		if (!a) return send(reply, 404, { message: 'Assistant not found' });
		const { errors, patch } = validateAssistant(sb.state, user, body(req), a);
		if (hasErrors(errors)) return laravel422(reply, errors, 'Validation failed');
		Object.assign(a, patch);
		a.updated_at = sb.now();
		return send(reply, 200, { message: 'Assistant updated successfully', data: assistantSummary(a) });
	});

	app.get('/api/user/assistants/get', async (req, reply) => {
		const user = userOf(req);
		const q = query(req);
		const errors: Errors = {};
		const perPage = intParam(q.per_page);
		const page = intParam(q.page);
		if (perPage !== undefined && (Number.isNaN(perPage) || perPage < 1 || perPage > 100)) {
			addError(errors, 'per_page', Number.isNaN(perPage) ? 'The per page must be an integer.' : 'The per page must be between 1 and 100.');
		}
		if (page !== undefined && (Number.isNaN(page) || page < 1)) {
			addError(errors, 'page', Number.isNaN(page) ? 'The page must be an integer.' : 'The page must be at least 1.');
		}
		if (hasErrors(errors)) return laravel422(reply, errors);
		const pp = perPage ?? 10;
		const pg = page ?? 1;
		const all = [...sb.state.assistants.values()].filter((a) => a.user_id === user.id).sort((x, y) => x.id - y.id);
		const data = all.slice((pg - 1) * pp, pg * pp).map((a) => fullAssistant(sb.state, a));
		return send(reply, 200, { data, current_page: pg, per_page: pp, total: all.length, last_page: Math.max(1, Math.ceil(all.length / pp)) });
	});

	app.get('/api/user/assistants/outbound', async (req, reply) => {
		const user = userOf(req);
		const list = [...sb.state.assistants.values()]
			.filter((a) => a.user_id === user.id && a.type === 'outbound')
			.sort((x, y) => x.id - y.id)
			.map(outboundAssistant);
		return send(reply, 200, list);
	});

	const webhookToggle = (withUrl: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
		const user = userOf(req);
		const b = body(req);
		const rules: Record<string, string[]> = { assistant_id: ['required', 'integer'] };
		if (withUrl) rules.webhook_url = ['required', 'string', 'url'];
		const errors = validate(b, rules);
		if (hasErrors(errors)) return laravel422(reply, errors, 'The given data was invalid.');
		const a = ownedAssistant(user, b.assistant_id);
		if (!a) return send(reply, 404, { message: 'Assistant not found' });
		return a;
	};

	app.post('/api/user/assistants/enable-inbound-webhook', async (req, reply) => {
		const a = await webhookToggle(true)(req, reply);
		if (!a || !('inbound_webhook_url' in a)) return reply;
		a.inbound_webhook_url = body(req).webhook_url as string;
		a.updated_at = sb.now();
		return send(reply, 200, { message: 'Webhook enabled successfully', data: [] });
	});

	app.post('/api/user/assistants/disable-inbound-webhook', async (req, reply) => {
		const a = await webhookToggle(false)(req, reply);
		if (!a || !('inbound_webhook_url' in a)) return reply;
		a.inbound_webhook_url = null;
		a.updated_at = sb.now();
		return send(reply, 200, { message: 'Inbound webhook disabled successfully', data: [] });
	});

	app.post('/api/user/assistants/disable-webhook', async (req, reply) => {
		const a = await webhookToggle(false)(req, reply);
		if (!a || !('inbound_webhook_url' in a)) return reply;
		a.is_webhook_active = false;
		a.webhook_url = null;
		a.updated_at = sb.now();
		return send(reply, 200, { message: 'Webhook disabled successfully', data: [] });
	});

	// ---------------------------------------------------------------- calls
	app.post('/api/user/make_call', async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors = validate(b, {
			phone_number: ['required', 'string'],
			assistant_id: ['required', 'integer'],
			variables: ['nullable', 'object'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		if (!E164.test(b.phone_number as string)) {
			return send(reply, 400, { message: 'Invalid phone number format. Please use E.164 format (e.g. +1234567890)' });
		}
		const a = ownedAssistant(user, b.assistant_id);
		if (!a) return send(reply, 404, { message: 'Assistant not found or does not belong to the authenticated user' });
		if (user.balance < MIN_CALL_BALANCE) {
			return send(reply, 422, { message: 'Insufficient balance to make call. Please top up your account.' });
		}
		const now = sb.now();
		const phone = a.phone_number_id !== null ? sb.state.phoneNumbers.get(a.phone_number_id) : undefined;
		const call: Call = {
			id: sb.state.nextCallId++,
			user_id: user.id,
			assistant_id: a.id,
			type: 'outbound',
			customer_phone: b.phone_number as string,
			assistant_phone: phone?.phone_number ?? null,
			status: 'initiated',
			duration: 0,
			transcript: null,
			extracted_variables: null,
			input_variables: (b.variables ?? {}) as Record<string, unknown>,
			recording_url: null,
			created_at: now,
			updated_at: now,
			finished_at: null,
		};
		sb.state.calls.set(call.id, call);
		if (sb.opts.callDurationMs > 0) {
			call.cancel = sb.schedule(sb.opts.callDurationMs, async () => {
				call.cancel = undefined;
				if (call.status === 'initiated') await sb.endCall(call, { status: 'completed' });
			});
		}
		return send(reply, 200, { message: 'Call initiated successfully', call_id: call.id, status: 'initiated' });
	});

	app.get('/api/user/calls/:id', async (req, reply) => {
		const user = userOf(req);
		const id = params(req).id;
		const call = isId(id) ? sb.state.calls.get(Number(id)) : undefined;
		if (!call || call.user_id !== user.id) return send(reply, 404, { message: 'Call not found' });
		return send(reply, 200, callRecord(call));
	});

	// ---------------------------------------------------------------- generate reply
	const generateReply = async (req: FastifyRequest, reply: FastifyReply) => {
		const user = userOf(req);
		const rl = sb.opts.rateLimits.generateReply;
		const hit = sb.hit(`reply|${user.token}`, rl);
		if (!hit.ok) return tooMany(reply, hit.retryAfter, rl.limit);
		reply.header('X-RateLimit-Limit', String(rl.limit));
		reply.header('X-RateLimit-Remaining', String(hit.remaining));
		const b = body(req);
		const errors = validate(b, {
			assistant_id: ['required', 'integer'],
			customer_identifier: ['required', 'string', 'max:255'],
			message: ['required', 'string'],
			variables: ['nullable', 'object'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		const a = ownedAssistant(user, b.assistant_id);
		if (!a) {
			return send(reply, 404, { success: false, error: 'Assistant not found or does not belong to you', error_code: 'ASSISTANT_NOT_FOUND' });
		}
		if (user.balance < REPLY_COST) {
			return send(reply, 402, { success: false, error: 'Insufficient balance. Please top up your account.', error_code: 'INSUFFICIENT_BALANCE' });
		}
		const ident = b.customer_identifier as string;
		const now = sb.now();
		const key = `${user.id}|${a.id}|${ident}`;
		let conv = sb.state.apiIndex.get(key);
		if (!conv) {
			conv = sb.state.addConversation({
				user_id: user.id,
				assistant_id: a.id,
				type: 'api',
				variables: null,
				external_identifier: ident,
				message_count: 0,
				total_cost: 0,
				ai_enabled: true,
				sender_id: null,
				customer_name: null,
				customer_phone: null,
				last_customer_message_at: null,
				messages: [],
				created_at: now,
				updated_at: now,
			});
		}
		if (isPlainObject(b.variables)) conv.variables = { ...(conv.variables ?? {}), ...b.variables };
		const turns = conv.messages.filter((m) => m.role === 'user').length;
		const msg = b.message as string;
		const prompt = a.system_prompt.split(/(?<=[.!?])\s/)[0].slice(0, 120);
		const vars = conv.variables ?? {};
		const varText = Object.keys(vars).length
			? Object.keys(vars)
					.sort()
					.map((k) => `${k}=${typeof vars[k] === 'string' ? vars[k] : JSON.stringify(vars[k])}`)
					.join(', ')
			: 'none';
		const text =
			`${a.name} here. You said: "${msg}". ` +
			`[system prompt: ${prompt}] ` +
			`[earlier turns: ${turns}] ` +
			`[variables: ${varText}]`;
		conv.messages.push({ role: 'user', content: msg, at: now }, { role: 'assistant', content: text, at: now });
		conv.message_count += 2;
		conv.total_cost += REPLY_COST;
		conv.updated_at = now;
		user.balance = round(user.balance - REPLY_COST);
		return send(reply, 200, {
			success: true,
			conversation_id: conv.uuid,
			customer_identifier: ident,
			reply: conv.ai_enabled ? text : '',
			function_calls: [],
			ai_disabled: !conv.ai_enabled,
		});
	};
	app.post('/api/ai/generate-reply', generateReply);
	app.post('/api/user/ai/generate-reply', generateReply);

	// ---------------------------------------------------------------- conversations
	app.get('/api/user/conversations', async (req, reply) => {
		const user = userOf(req);
		const q = query(req);
		const errors: Errors = {};
		if (q.type !== undefined && !['test', 'widget', 'whatsapp', 'api'].includes(q.type)) {
			addError(errors, 'type', 'The selected type is invalid.');
		}
		let assistantId: number | undefined;
		if (q.assistant_id !== undefined) {
			const n = intParam(q.assistant_id);
			if (n === undefined || Number.isNaN(n)) addError(errors, 'assistant_id', 'The assistant id must be an integer.');
			else if (!ownedAssistant(user, n)) addError(errors, 'assistant_id', 'The selected assistant id is invalid.');
			else assistantId = n;
		}
		const perPage = intParam(q.per_page);
		if (perPage !== undefined && (Number.isNaN(perPage) || perPage < 1 || perPage > 100)) {
			addError(errors, 'per_page', Number.isNaN(perPage) ? 'The per page must be an integer.' : 'The per page must be between 1 and 100.');
		}
		for (const f of ['customer_phone', 'whatsapp_sender_phone', 'external_identifier'] as const) {
			if (q[f] !== undefined && q[f]!.length > 255) addError(errors, f, `The ${f.replace(/_/g, ' ')} may not be greater than 255 characters.`);
		}
		let cursor: { seq: number; next: boolean } | undefined;
		if (q.cursor !== undefined && q.cursor !== '') {
			cursor = decodeCursor(q.cursor);
			if (!cursor) addError(errors, 'cursor', 'The cursor is invalid.');
		}
		if (hasErrors(errors)) return laravel422(reply, errors);
		const pp = perPage ?? 15;
		const list = sb.state.conversations.get(user.id) ?? [];
		const senderPhone = q.whatsapp_sender_phone;
		const match = (c: Conversation): boolean => {
			if (q.type !== undefined && c.type !== q.type) return false;
			if (assistantId !== undefined && c.assistant_id !== assistantId) return false;
			if (q.customer_phone !== undefined && c.customer_phone !== q.customer_phone) return false;
			if (q.external_identifier !== undefined && c.external_identifier !== q.external_identifier) return false;
			if (senderPhone !== undefined) {
				const s = c.sender_id !== null ? sb.state.senders.get(c.sender_id) : undefined;
				if (!s || s.phone_number !== senderPhone) return false;
			}
			return true;
		};
		let items: Conversation[] = [];
		let hasMore = false;
		if (!cursor || cursor.next) {
			// newest first: walk down from the newest (or from just below the cursor)
			let i = cursor ? lastBelow(list, cursor.seq) : list.length - 1;
			for (; i >= 0 && items.length <= pp; i--) if (match(list[i])) items.push(list[i]);
			hasMore = items.length > pp;
			items = items.slice(0, pp);
		} else {
			let i = lastBelow(list, cursor.seq + 1) + 1;
			const up: Conversation[] = [];
			for (; i < list.length && up.length <= pp; i++) if (match(list[i])) up.push(list[i]);
			hasMore = up.length > pp;
			items = up.slice(0, pp).reverse();
		}
		let next: string | null = null;
		let prev: string | null = null;
		if (items.length) {
			const first = items[0];
			const last = items[items.length - 1];
			if (!cursor) next = hasMore ? encodeCursor(last.seq, true) : null;
			else if (cursor.next) {
				next = hasMore ? encodeCursor(last.seq, true) : null;
				prev = encodeCursor(first.seq, false);
			} else {
				next = encodeCursor(last.seq, true);
				prev = hasMore ? encodeCursor(first.seq, false) : null;
			}
		}
		return send(reply, 200, {
			data: items.map((c) => conversationRecord(sb.state, c)),
			path: `${sb.baseUrl}/api/user/conversations`,
			per_page: pp,
			next_cursor: next,
			prev_cursor: prev,
		});
	});

	// ---------------------------------------------------------------- whatsapp
	const waError = (reply: FastifyReply, status: number, error: string, code: string, extra: Record<string, unknown> = {}) =>
		send(reply, status, { success: false, error, error_code: code, ...extra });

	app.get('/api/user/whatsapp/senders', async (req, reply) => {
		const user = userOf(req);
		const status = query(req).status ?? 'online';
		if (status !== 'online' && status !== 'all') return waError(reply, 422, 'The selected status is invalid.', 'VALIDATION_ERROR', { errors: { status: ['The selected status is invalid.'] } });
		const data = [...sb.state.senders.values()]
			.filter((s) => s.user_id === user.id && (status === 'all' || s.status === 'online'))
			.map((s) => ({
				id: s.id,
				phone_number: s.phone_number,
				display_name: s.display_name,
				status: s.status,
				quality_rating: s.quality_rating,
				messaging_limit: s.messaging_limit,
				messaging_limit_formatted: s.messaging_limit === null ? 'Unlimited' : `${s.messaging_limit} / 24h`,
			}));
		return send(reply, 200, { data });
	});

	app.get('/api/user/whatsapp/session-status', async (req, reply) => {
		const user = userOf(req);
		const q = query(req);
		const errors: Errors = {};
		const senderId = intParam(q.sender_id);
		if (senderId === undefined) addError(errors, 'sender_id', 'The sender id field is required.');
		else if (Number.isNaN(senderId)) addError(errors, 'sender_id', 'The sender id must be an integer.');
		if (q.recipient_phone === undefined || q.recipient_phone === '') addError(errors, 'recipient_phone', 'The recipient phone field is required.');
		if (hasErrors(errors)) return waError(reply, 422, firstError(errors), 'VALIDATION_ERROR', { errors });
		if (!E164.test(q.recipient_phone!)) {
			return waError(reply, 422, 'Invalid phone number format. Use E.164 format (e.g. +4917612345678).', 'INVALID_PHONE');
		}
		const sender = sb.state.senders.get(senderId!);
		if (!sender || sender.user_id !== user.id) return waError(reply, 404, 'Sender not found', 'SENDER_NOT_FOUND');
		const conv = sb.state.waIndex.get(`${sender.id}|${q.recipient_phone}`);
		if (!conv) return send(reply, 200, { success: true, has_conversation: false, session_status: sb.sessionStatus(undefined) });
		return send(reply, 200, {
			success: true,
			has_conversation: true,
			conversation_id: conv.numeric_id,
			customer_name: conv.customer_name,
			last_customer_message_at: conv.last_customer_message_at === null ? null : isoOffset(conv.last_customer_message_at),
			session_status: sb.sessionStatus(conv),
		});
	});

	app.post('/api/user/whatsapp/send-freeform', async (req, reply) => {
		const user = userOf(req);
		const rl = sb.opts.rateLimits.sendFreeform;
		const hit = sb.hit(`freeform|${user.id}`, rl);
		if (!hit.ok) return tooMany(reply, hit.retryAfter, rl.limit);
		reply.header('X-RateLimit-Limit', String(rl.limit));
		reply.header('X-RateLimit-Remaining', String(hit.remaining));
		const b = body(req);
		const errors = validate(b, {
			sender_id: ['required', 'integer'],
			recipient_phone: ['required', 'string'],
			message: ['required', 'string', 'max:4096'],
		});
		if (hasErrors(errors)) return waError(reply, 422, firstError(errors), 'VALIDATION_ERROR', { errors });
		if (!E164.test(b.recipient_phone as string)) {
			return waError(reply, 422, 'Invalid phone number format. Use E.164 format (e.g. +4917612345678).', 'INVALID_PHONE');
		}
		const sender = sb.state.senders.get(b.sender_id as number);
		if (!sender || sender.user_id !== user.id) return waError(reply, 404, 'Sender not found or does not belong to you', 'SENDER_NOT_FOUND');
		if (sender.status !== 'online') {
			return waError(reply, 503, `Sender is not online. Current status: ${sender.status === 'offline' ? 'Offline' : sender.status}`, 'SENDER_OFFLINE');
		}
		const conv = sb.state.waIndex.get(`${sender.id}|${b.recipient_phone as string}`);
		const status = sb.sessionStatus(conv);
		if (!conv || status.is_open !== true) {
			return waError(reply, 403, 'The 24-hour messaging window has expired. Please send a template message to restart the conversation.', 'SESSION_EXPIRED', {
				session_status: status,
			});
		}
		if (user.balance < FREEFORM_COST) {
			return waError(reply, 402, 'Insufficient balance. Please top up your account.', 'INSUFFICIENT_BALANCE');
		}
		const now = sb.now();
		user.balance = round(user.balance - FREEFORM_COST);
		conv.messages.push({ role: 'assistant', content: b.message as string, at: now, direction: 'outbound' });
		conv.message_count++;
		conv.total_cost += FREEFORM_COST;
		conv.updated_at = now;
		const messageId = sb.state.nextMessageId++;
		const waId = sb.state.nextWhatsappMessageId++;
		return send(reply, 200, {
			success: true,
			conversation_id: conv.numeric_id,
			message_id: messageId,
			whatsapp_message_id: waId,
			message_sid: `SM${createHash('md5').update(`sandbox-${waId}`).digest('hex')}`,
			session_status: sb.sessionStatus(conv),
		});
	});

	// ---------------------------------------------------------------- phone numbers
	app.get('/api/user/phone-numbers/all', async (req, reply) => {
		const user = userOf(req);
		const data = [...sb.state.phoneNumbers.values()].filter((p) => p.user_id === user.id).sort((x, y) => x.id - y.id).map(phoneNumberRecord);
		return send(reply, 200, { data });
	});

	const legacyPhones = async (req: FastifyRequest, reply: FastifyReply) => {
		const user = userOf(req);
		const data = [...sb.state.phoneNumbers.values()]
			.filter((p) => p.user_id === user.id && p.sms_capable && p.has_active_subscription)
			.sort((x, y) => x.id - y.id)
			.map(phoneNumberRecord);
		return send(reply, 200, { data });
	};
	app.get('/user/phone-numbers', legacyPhones);
	app.get('/api/user/phone-numbers', legacyPhones);

	app.get('/api/user/phone-numbers/search', async (req, reply) => {
		const user = userOf(req);
		const q = query(req);
		const errors: Errors = {};
		const cc = q.country_code === undefined || q.country_code === '' ? 'DE' : q.country_code.toUpperCase();
		if (!(SUPPORTED_COUNTRIES as readonly string[]).includes(cc)) addError(errors, 'country_code', 'The selected country code is invalid.');
		const contains = q.contains ?? '';
		if (contains !== '') {
			if (!/^\d+$/.test(contains)) addError(errors, 'contains', 'The contains may only contain digits.');
			else if (contains.length > 10) addError(errors, 'contains', 'The contains may not be greater than 10 characters.');
		}
		if (hasErrors(errors)) return laravel422(reply, errors);
		const owned = new Set([...sb.state.phoneNumbers.values()].map((p) => p.phone_number));
		const results = [];
		for (const n of sb.state.inventory.values()) {
			if (n.country_code !== cc || owned.has(n.phone_number)) continue;
			if (contains && !n.phone_number.slice(1).includes(contains)) continue;
			results.push(n);
			if (results.length >= 20) break;
		}
		let set = sb.state.searched.get(user.id);
		if (!set) sb.state.searched.set(user.id, (set = new Set()));
		for (const n of results) set.add(n.phone_number);
		return send(reply, 200, {
			data: results.map((n) => ({
				phone_number: n.phone_number,
				phone_number_formatted: n.phone_number_formatted,
				country_code: n.country_code,
				price: n.price,
				stripe_price_id: n.stripe_price_id,
				payment_price_id: n.stripe_price_id,
				address_requirements: n.address_requirements,
				sms_capable: n.sms_capable,
			})),
		});
	});

	app.post('/api/user/phone-numbers/purchase', async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors = validate(b, { phone_number: ['required', 'string'] });
		if (hasErrors(errors)) return laravel422(reply, errors);
		const phone = b.phone_number as string;
		if (!E164.test(phone)) return send(reply, 422, { error: 'Unable to parse phone number. Please provide a valid E.164 format number.' });
		if (!user.hasPaymentMethod) {
			return send(reply, 402, { error: 'No payment method found. Please add a payment method in your account settings before purchasing a phone number.' });
		}
		if ([...sb.state.phoneNumbers.values()].some((p) => p.phone_number === phone)) {
			return send(reply, 400, { error: 'This phone number is already in use.' });
		}
		const inv = sb.state.inventory.get(phone);
		if (!inv || !sb.state.searched.get(user.id)?.has(phone)) {
			return send(reply, 400, { error: 'This phone number is not available for purchase. Please search for available numbers first.' });
		}
		const rec = {
			id: sb.state.id(),
			user_id: user.id,
			phone_number: phone,
			nickname: null,
			country_code: inv.country_code,
			type: 'normal',
			type_label: 'Dedicated Number',
			sms_capable: inv.sms_capable,
			region: inv.region,
			has_active_subscription: true,
			created_at: sb.now(),
		};
		sb.state.phoneNumbers.set(rec.id, rec);
		sb.state.inventory.delete(phone);
		return send(reply, 201, {
			message: 'Phone number purchased successfully.',
			data: { id: rec.id, phone_number: rec.phone_number, country_code: rec.country_code, type: rec.type, sms_capable: rec.sms_capable },
		});
	});

	// ---------------------------------------------------------------- knowledge bases
	const ownedKb = (user: User, id: unknown) => {
		const kb = isId(id) ? sb.state.knowledgeBases.get(Number(id)) : undefined;
		return kb && kb.user_id === user.id ? kb : undefined;
	};
	const kbNotFound = (reply: FastifyReply) => send(reply, 404, { error: 'Knowledgebase not found.' });

	app.get('/api/user/knowledgebases', async (req, reply) => {
		const user = userOf(req);
		const data = [...sb.state.knowledgeBases.values()].filter((k) => k.user_id === user.id).map((k) => kbRecord(sb.state, k, true));
		return send(reply, 200, { data });
	});

	app.get('/api/user/knowledgebases/:id', async (req, reply) => {
		const kb = ownedKb(userOf(req), params(req).id);
		if (!kb) return kbNotFound(reply);
		return send(reply, 200, { data: kbRecord(sb.state, kb, true) });
	});

	app.put('/api/user/knowledgebases/:id', async (req, reply) => {
		const kb = ownedKb(userOf(req), params(req).id);
		if (!kb) return kbNotFound(reply);
		const b = body(req);
		const errors = validate(b, { name: ['string', 'max:255'], description: ['nullable', 'string', 'max:255'] });
		if (hasErrors(errors)) return laravel422(reply, errors);
		if (typeof b.name === 'string') kb.name = b.name;
		if (b.description !== undefined) kb.description = (b.description ?? '') as string;
		kb.updated_at = sb.now();
		const rec = kbRecord(sb.state, kb, false);
		return send(reply, 200, {
			message: 'Knowledgebase updated successfully.',
			data: { id: rec.id, name: rec.name, description: rec.description, status: rec.status, status_label: rec.status_label, updated_at: rec.updated_at },
		});
	});

	app.get('/api/user/knowledgebases/:kb/documents', async (req, reply) => {
		const kb = ownedKb(userOf(req), params(req).kb);
		if (!kb) return kbNotFound(reply);
		const data = [...sb.state.documents.values()].filter((d) => d.knowledgebase_id === kb.id).sort((x, y) => x.id - y.id).map(documentRecord);
		return send(reply, 200, { data });
	});

	app.get('/api/user/knowledgebases/:kb/documents/:doc', async (req, reply) => {
		const kb = ownedKb(userOf(req), params(req).kb);
		if (!kb) return kbNotFound(reply);
		const id = params(req).doc;
		const d = isId(id) ? sb.state.documents.get(Number(id)) : undefined;
		if (!d || d.knowledgebase_id !== kb.id) return send(reply, 404, { error: 'Document not found.' });
		return send(reply, 200, { data: documentRecord(d) });
	});

	app.post('/api/user/knowledgebases/:kb/documents', async (req, reply) => {
		const user = userOf(req);
		const kb = ownedKb(user, params(req).kb);
		const ctx = sb.c(req);
		let b: Body;
		let file: { filename: string; mimetype: string; buf: Buffer; truncated: boolean } | undefined;
		if (req.isMultipart()) {
			const fields: Record<string, unknown> = {};
			const summary: NonNullable<Ctx['multipart']> = { fields, files: [] };
			ctx.multipart = summary;
			for await (const part of req.parts()) {
				if (part.type === 'file') {
					const buf = await part.toBuffer();
					const truncated = part.file.truncated;
					summary.files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, size: buf.length, sha256: sha256(buf) });
					if (part.fieldname === 'file' && !file) file = { filename: part.filename, mimetype: part.mimetype, buf, truncated };
				} else {
					const name = part.fieldname.replace(/\[\]$/, '');
					const value = part.value;
					if (part.fieldname.endsWith('[]') || /\[\d+\]$/.test(part.fieldname)) {
						const key = name.replace(/\[\d+\]$/, '');
						const arr = (Array.isArray(fields[key]) ? fields[key] : []) as unknown[];
						arr.push(value);
						fields[key] = arr;
					} else fields[name] = value;
				}
			}
			b = { ...fields };
			if (typeof b.relative_links_limit === 'string' && /^-?\d+$/.test(b.relative_links_limit)) b.relative_links_limit = Number(b.relative_links_limit);
			if (b.file === undefined && file) b.file = '(file)';
		} else {
			b = body(req);
		}
		if (!kb) return kbNotFound(reply);
		const errors = validate(b, {
			name: ['required', 'string', 'max:255'],
			description: ['nullable', 'string', 'max:255'],
			type: ['required', 'string', 'in:website,pdf,txt,docx'],
		});
		const type = errors.type ? undefined : (b.type as DocumentRec['type']);
		let url: string | null = null;
		let links: string[] | null = null;
		let limit: number | null = null;
		if (type === 'website') {
			const hasUrl = b.url !== undefined && b.url !== null && b.url !== '';
			const hasLinks = Array.isArray(b.links) ? b.links.length > 0 : b.links !== undefined && b.links !== null;
			if (!hasUrl && !hasLinks) {
				addError(errors, 'url', 'The url field is required when links is not present.');
				addError(errors, 'links', 'The links field is required when url is not present.');
			}
			if (hasUrl) {
				if (!isValidUrl(b.url)) addError(errors, 'url', 'The url must be a valid URL.');
				else url = b.url as string;
			}
			if (hasLinks) {
				if (!Array.isArray(b.links)) addError(errors, 'links', 'The links must be an array.');
				else {
					links = [];
					b.links.forEach((l: unknown, i: number) => {
						const v = isPlainObject(l) ? l.link : l;
						if (!isValidUrl(v)) addError(errors, `links.${i}`, `The links.${i} must be a valid URL.`);
						else links!.push(v as string);
					});
				}
			}
			const e = checkValue('relative_links_limit', b.relative_links_limit, ['nullable', 'integer', 'between:1,50'], b.relative_links_limit !== undefined);
			if (e) addError(errors, 'relative_links_limit', e);
			limit = typeof b.relative_links_limit === 'number' && !e ? b.relative_links_limit : 10;
		} else if (type) {
			if (!file) addError(errors, 'file', 'A file is required for this document type.');
			else if (file.truncated || file.buf.length > MAX_FILE_BYTES) addError(errors, 'file', 'The file may not be greater than 20480 kilobytes.');
			else if (file.buf.length > 0) {
				const buf = file.buf;
				let ok = true;
				if (type === 'pdf') ok = buf.subarray(0, 4).toString('latin1') === '%PDF';
				else if (type === 'docx') ok = buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;
				else {
					try {
						new TextDecoder('utf-8', { fatal: true }).decode(buf);
						ok = !buf.includes(0);
					} catch {
						ok = false;
					}
				}
				if (!ok) addError(errors, 'file', `The file must be a file of type: ${type}.`);
			}
		}
		if (hasErrors(errors)) return laravel422(reply, errors);
		const now = sb.now();
		const doc: DocumentRec = {
			id: sb.state.id(),
			knowledgebase_id: kb.id,
			name: b.name as string,
			description: (b.description ?? null) as string | null,
			type: type!,
			status: 'processing',
			url,
			links,
			relative_links_limit: type === 'website' ? limit : null,
			file: file ? { filename: file.filename, mimetype: file.mimetype, size: file.buf.length, sha256: sha256(file.buf) } : null,
			failOnProcessing: file !== undefined && file.buf.length === 0,
			created_at: now,
			updated_at: now,
		};
		sb.state.documents.set(doc.id, doc);
		doc.cancel = sb.schedule(sb.opts.documentProcessingMs, () => {
			doc.cancel = undefined;
			if (doc.status !== 'processing') return;
			doc.status = doc.failOnProcessing ? 'failed' : 'active';
			doc.updated_at = sb.now();
		});
		const rec = documentRecord(doc);
		delete rec.updated_at;
		return send(reply, 201, { message: 'Document created successfully. Processing will begin shortly.', data: rec });
	});

	registerControls(app, sb);
	return app;
}

// ==================================================================== controls

function registerControls(app: FastifyInstance, sb: Sandbox): void {
	const P = '/__sandbox';
	const userByKey = (k: string): User | undefined => (k === 'alice' || k === 'bob' ? sb.state.users.get(k) : undefined);

	app.get(`${P}/clock`, async (_req, reply) => send(reply, 200, { now: sb.now(), iso: new Date(sb.now()).toISOString() }));
	app.post(`${P}/clock/advance`, async (req, reply) => {
		const b = body(req);
		if (typeof b.ms !== 'number' || !Number.isFinite(b.ms) || b.ms < 0) return laravel422(reply, { ms: ['The ms must be a number >= 0.'] });
		await sb.clock.advance(b.ms);
		return send(reply, 200, { now: sb.now() });
	});

	app.get(`${P}/calls`, async (_req, reply) => send(reply, 200, [...sb.state.calls.values()].map(callRecord)));

	const endRules = {
		status: ['required', 'string', 'in:completed,busy,no-answer,failed'],
		transcript: ['nullable', 'string'],
		extracted_variables: ['nullable', 'object'],
		duration: ['nullable', 'integer', 'min:0'],
	};

	app.post(`${P}/calls/:id/end`, async (req, reply) => {
		const id = params(req).id;
		const call = isId(id) ? sb.state.calls.get(Number(id)) : undefined;
		if (!call) return send(reply, 404, { message: 'Call not found' });
		const b = body(req);
		const errors = validate(b, endRules);
		if (hasErrors(errors)) return laravel422(reply, errors);
		if (call.status !== 'initiated') return send(reply, 409, { message: `Call already ended (${call.status})` });
		const deliveries = await sb.endCall(call, {
			status: b.status as CallStatus,
			transcript: b.transcript as string | null | undefined,
			extracted_variables: (b.extracted_variables ?? undefined) as Record<string, unknown> | undefined,
			duration: (b.duration ?? undefined) as number | undefined,
		});
		return send(reply, 200, { call: callRecord(call), deliveries });
	});

	app.post(`${P}/calls/inbound`, async (req, reply) => {
		const b = body(req);
		const errors = validate(b, {
			assistant_id: ['required', 'integer'],
			customer_phone: ['required', 'string', 'e164'],
			...endRules,
			status: ['nullable', 'string', 'in:completed,busy,no-answer,failed'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		const a = sb.state.assistants.get(b.assistant_id as number);
		if (!a) return send(reply, 404, { message: 'Assistant not found' });
		const now = sb.now();
		const phone = a.phone_number_id !== null ? sb.state.phoneNumbers.get(a.phone_number_id) : undefined;
		const call: Call = {
			id: sb.state.nextCallId++,
			user_id: a.user_id,
			assistant_id: a.id,
			type: 'inbound',
			customer_phone: b.customer_phone as string,
			assistant_phone: phone?.phone_number ?? null,
			status: 'initiated',
			duration: 0,
			transcript: null,
			extracted_variables: null,
			input_variables: {},
			recording_url: null,
			created_at: now,
			updated_at: now,
			finished_at: null,
		};
		sb.state.calls.set(call.id, call);
		const deliveries = await sb.endCall(call, {
			status: (b.status ?? 'completed') as CallStatus,
			transcript: b.transcript as string | null | undefined,
			extracted_variables: (b.extracted_variables ?? undefined) as Record<string, unknown> | undefined,
			duration: (b.duration ?? 60) as number,
		});
		return send(reply, 200, { call: callRecord(call), deliveries });
	});

	app.post(`${P}/whatsapp/inbound`, async (req, reply) => {
		const b = body(req);
		const errors = validate(b, {
			sender_id: ['required', 'integer'],
			customer_phone: ['required', 'string', 'e164'],
			customer_name: ['nullable', 'string', 'max:255'],
			message: ['required', 'string'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		if (!sb.state.senders.get(b.sender_id as number)) return send(reply, 404, { message: 'Sender not found' });
		const conv = sb.customerInbound(b.sender_id as number, b.customer_phone as string, (b.customer_name ?? undefined) as string | undefined, b.message as string);
		return send(reply, 200, {
			conversation_id: conv.numeric_id,
			conversation_uuid: conv.uuid,
			last_customer_message_at: isoOffset(conv.last_customer_message_at!),
			session_status: sb.sessionStatus(conv),
		});
	});

	app.post(`${P}/users/:user/balance`, async (req, reply) => {
		const u = userByKey(params(req).user);
		if (!u) return send(reply, 404, { message: 'User not found' });
		const b = body(req);
		const errors = validate(b, { balance: ['required', 'numeric'] });
		if (typeof b.balance === 'number' && b.balance === 0) delete errors.balance; // 0 is a valid balance
		if (hasErrors(errors)) return laravel422(reply, errors);
		u.balance = b.balance as number;
		return send(reply, 200, { user: u.key, balance: u.balance });
	});

	app.post(`${P}/users/:user/payment-method`, async (req, reply) => {
		const u = userByKey(params(req).user);
		if (!u) return send(reply, 404, { message: 'User not found' });
		const b = body(req);
		const errors = validate(b, { has_payment_method: ['required', 'boolean'] });
		if (hasErrors(errors)) return laravel422(reply, errors);
		u.hasPaymentMethod = b.has_payment_method as boolean;
		return send(reply, 200, { user: u.key, has_payment_method: u.hasPaymentMethod });
	});

	app.post(`${P}/whatsapp/senders/:id/status`, async (req, reply) => {
		const id = params(req).id;
		const s = isId(id) ? sb.state.senders.get(Number(id)) : undefined;
		if (!s) return send(reply, 404, { message: 'Sender not found' });
		const b = body(req);
		const errors = validate(b, { status: ['required', 'string', 'in:online,offline'] });
		if (hasErrors(errors)) return laravel422(reply, errors);
		s.status = b.status as 'online' | 'offline';
		return send(reply, 200, { id: s.id, status: s.status });
	});

	app.post(`${P}/documents/:id/fail`, async (req, reply) => {
		const id = params(req).id;
		const d = isId(id) ? sb.state.documents.get(Number(id)) : undefined;
		if (!d) return send(reply, 404, { message: 'Document not found' });
		d.cancel?.();
		d.cancel = undefined;
		d.status = 'failed';
		d.updated_at = sb.now();
		return send(reply, 200, { data: documentRecord(d) });
	});

	app.post(`${P}/conversations/seed`, async (req, reply) => {
		const b = body(req);
		const errors = validate(b, {
			user: ['required', 'string', 'in:alice,bob'],
			count: ['required', 'integer', 'between:1,100000'],
			type: ['nullable', 'string', 'in:test,widget,whatsapp,api'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		const u = userByKey(b.user as string)!;
		const assistants = [...sb.state.assistants.values()].filter((a) => a.user_id === u.id);
		if (!assistants.length) return send(reply, 409, { message: 'User has no assistant' });
		const senders = [...sb.state.senders.values()].filter((s) => s.user_id === u.id);
		const types: Conversation['type'][] = ['test', 'widget', 'whatsapp', 'api'];
		const now = sb.now();
		const count = b.count as number;
		const firstSeq = sb.state.nextConvSeq;
		for (let i = 0; i < count; i++) {
			const type = (b.type as Conversation['type'] | undefined) ?? types[i % 4];
			const wa = type === 'whatsapp' && senders.length > 0;
			const n = sb.state.nextConvSeq;
			sb.state.addConversation({
				uuid: uuidFrom(`bulk-conversation-${n}-${now}`),
				user_id: u.id,
				assistant_id: assistants[i % assistants.length].id,
				type,
				variables: { bulk: true, n },
				external_identifier: type === 'api' ? `bulk-${n}` : null,
				message_count: 2,
				total_cost: 0.02,
				ai_enabled: true,
				sender_id: wa ? senders[i % senders.length].id : null,
				customer_name: wa ? `Bulk Customer ${n}` : null,
				customer_phone: wa ? `+4917${String(10000000 + (n % 90000000)).padStart(8, '0')}` : null,
				last_customer_message_at: wa ? now : null,
				messages: [],
				created_at: now,
				updated_at: now,
			});
		}
		return send(reply, 200, { user: u.key, added: count, first_seq: firstSeq, total: sb.state.conversations.get(u.id)?.length ?? 0 });
	});

	app.get(`${P}/faults`, async (_req, reply) => send(reply, 200, sb.faults));
	app.post(`${P}/faults`, async (req, reply) => {
		const b = body(req);
		const kind = typeof b.kind === 'number' ? String(b.kind) : b.kind;
		const errors = validate({ ...b, kind }, {
			method: ['nullable', 'string'],
			path: ['required', 'string'],
			count: ['nullable', 'integer', 'min:1'],
			kind: ['required', 'string', 'in:500,502,503,429,timeout,reset,malformed'],
			retryAfter: ['nullable', 'integer', 'min:0'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		const f: Fault = {
			path: b.path as string,
			count: (b.count ?? 1) as number,
			kind: kind as string,
		};
		if (typeof b.method === 'string') f.method = b.method.toUpperCase();
		if (typeof b.retryAfter === 'number') f.retryAfter = b.retryAfter;
		sb.faults.push(f);
		return send(reply, 200, { faults: sb.faults });
	});
	app.delete(`${P}/faults`, async (_req, reply) => {
		sb.faults = [];
		return send(reply, 200, { faults: [] });
	});

	app.get(`${P}/requests`, async (req, reply) => {
		const q = query(req);
		const since = intParam(q.since);
		const method = q.method?.toUpperCase();
		const path = q.path;
		const out = sb.requests.filter(
			(e) =>
				(since === undefined || Number.isNaN(since) || e.seq > since) &&
				(!method || e.method === method) &&
				(!path || e.path === path || (path.endsWith('*') && e.path.startsWith(path.slice(0, -1)))),
		);
		return send(reply, 200, out);
	});
	app.delete(`${P}/requests`, async (_req, reply) => {
		sb.requests = [];
		return send(reply, 200, { cleared: true });
	});

	app.get(`${P}/webhooks`, async (req, reply) => {
		const q = query(req);
		const callId = intParam(q.callId);
		const since = intParam(q.since);
		return send(
			reply,
			200,
			sb.webhooks.filter((w) => (callId === undefined || w.callId === callId) && (since === undefined || w.seq > since)),
		);
	});

	app.post(`${P}/reset`, async (_req, reply) => {
		sb.reset();
		return send(reply, 200, { reset: true, now: sb.now() });
	});

	app.get(`${P}/state/users`, async (_req, reply) =>
		send(
			reply,
			200,
			[...sb.state.users.values()].map((u) => ({ user: u.key, id: u.id, balance: u.balance, has_payment_method: u.hasPaymentMethod })),
		),
	);
	app.get(`${P}/state/conversations/:uuid`, async (req, reply) => {
		const c = sb.state.conversationByUuid.get(params(req).uuid);
		if (!c) return send(reply, 404, { message: 'Conversation not found' });
		return send(reply, 200, { ...conversationRecord(sb.state, c), numeric_id: c.numeric_id, messages: c.messages.map((m) => ({ ...m, at: iso6(m.at) })) });
	});
}
