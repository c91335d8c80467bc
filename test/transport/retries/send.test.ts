/**
 * One request's attempts (send.ts, judge.ts) as a table of decisions: what each answer leads to
 * (the answer, another attempt, a redirect followed or refused, the error), what each attempt sent
 * and what its answer told the pacer. n8n's HTTP helper and the pacer are stand-ins, so a row is
 * the whole story; the same paths through n8n-core and a real server: failedAttempts.test.ts,
 * ../pacing/refusalWaits.test.ts, ../errors/secrets.test.ts.
 */
import type { IDataObject, IHttpRequestOptions, INode } from 'n8n-workflow';

import { MAX_REDIRECTS, MAX_RETRY_ATTEMPTS } from '../../../nodes/shared/transport/constants';
import type { ResolvedCredentials } from '../../../nodes/shared/transport/credentials';
import {
	RateLimitWaitTooLong,
	type Passage,
} from '../../../nodes/shared/transport/pacing/accountBudget';
import { send } from '../../../nodes/shared/transport/retries/send';
import type { FamulorRequest, FamulorRequestContext } from '../../../nodes/shared/transport/types';

const BASE = 'https://api.famulor.test';

/** An answer of the stand-in service, or the network error of an attempt that got none. */
type Scripted = { statusCode: number; body?: unknown; location?: string } | { code: string };

/** What one request did: each attempt as sent, each release the pacer heard, and how it ended. */
interface Played {
	sent: string[];
	released: Array<number | undefined>;
	answer?: IDataObject;
	error?: { message: string; description?: string; context: IDataObject };
}

const CREDENTIALS: ResolvedCredentials = {
	baseUrl: BASE,
	tokenKey: 'token-key',
	timeoutMs: 10_000,
	rateLimits: {} as ResolvedCredentials['rateLimits'],
	generalLimits: [],
	maskSecrets: (text) => text,
};

const READ: FamulorRequest = { method: 'GET', path: '/api/user/assistants/get', qs: { page: 2 } };
const CALL: FamulorRequest = {
	method: 'POST',
	path: '/api/user/make_call',
	body: { phone_number: '+4915112345678', assistant_id: 3 },
};
const UPDATE: FamulorRequest = { method: 'PUT', path: '/api/user/leads/7', body: { name: 'Ada' } };

/** The pacer's part: every attempt passes, unless `refuse` throws for that attempt's number. */
function passageOf(released: Played['released'], refuse?: (attempt: number) => Error | undefined) {
	let attempts = 0;
	const passage: Passage = {
		acquire: async () => {
			const refusal = refuse?.(++attempts);
			if (refusal) throw refusal;
			return (_headers, status) => void released.push(status);
		},
		leave: () => {},
	};
	return passage;
}

async function play(
	request: FamulorRequest,
	safeToRepeat: boolean,
	answers: Scripted[],
	refuse?: (attempt: number) => Error | undefined,
): Promise<Played> {
	const played: Played = { sent: [], released: [] };
	const context = {
		getNode: () => ({ name: 'Famulor' }) as INode,
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IHttpRequestOptions) => {
				const query = options.qs ? `?${new URLSearchParams(options.qs as never)}` : '';
				const body = options.body ? ` ${JSON.stringify(options.body)}` : '';
				played.sent.push(`${options.method} ${options.url.replace(BASE, '')}${query}${body}`);
				const answer = answers.shift() ?? { statusCode: 200, body: '{}' };
				if ('code' in answer) throw Object.assign(new Error(answer.code), { code: answer.code });
				const { statusCode, body: text, location } = answer;
				return { statusCode, body: text, headers: location ? { location } : {} };
			},
		},
	} as unknown as FamulorRequestContext;
	const passage = passageOf(played.released, refuse);
	// A retry after a failure sleeps its backoff (n8n's sleep): the fake timers end it at once.
	jest.useFakeTimers();
	try {
		const running = send.call(context, request, CREDENTIALS, safeToRepeat, passage);
		const settled = running.then(
			(answer) => void (played.answer = answer),
			(error: Played['error']) => void (played.error = error),
		);
		await jest.runAllTimersAsync();
		await settled;
	} finally {
		jest.useRealTimers();
	}
	return played;
}

const ok = (body: unknown = { ok: true }) => ({ statusCode: 200, body: JSON.stringify(body) });
const status = (statusCode: number, body: unknown = {}) => ({
	statusCode,
	body: JSON.stringify(body),
});
const redirect = (statusCode: number, location?: string) => ({ statusCode, body: '', location });

const READ_SENT = 'GET /api/user/assistants/get?page=2';
const CALL_SENT = `POST /api/user/make_call ${JSON.stringify(CALL.body)}`;

describe('an answer', () => {
	it.each<[string, FamulorRequest, boolean, Scripted[], string[], Array<number | undefined>]>([
		['200 with a record is the answer', READ, true, [ok()], [READ_SENT], [200]],
		[
			'429 sends a call again: the service did not process it',
			CALL,
			false,
			[status(429, { message: 'Too Many Attempts.' }), ok()],
			[CALL_SENT, CALL_SENT],
			[429, 200],
		],
		['503 sends a read again', READ, true, [status(503), ok()], [READ_SENT, READ_SENT], [503, 200]],
		[
			'200 with null sends a read again: it is no record',
			READ,
			true,
			[ok(null), ok()],
			[READ_SENT, READ_SENT],
			[200, 200],
		],
		[
			'a refused connection sends a call again: it never left',
			CALL,
			false,
			[{ code: 'ECONNREFUSED' }, ok()],
			[CALL_SENT, CALL_SENT],
			[undefined, 200],
		],
		[
			'a reset connection sends a read again',
			READ,
			true,
			[{ code: 'ECONNRESET' }, ok()],
			[READ_SENT, READ_SENT],
			[undefined, 200],
		],
	])('%s', async (_case, request, safeToRepeat, answers, sent, released) => {
		const played = await play(request, safeToRepeat, answers);
		expect(played).toEqual({ sent, released, answer: { ok: true } });
	});

	it.each<[string, FamulorRequest, boolean, Scripted[], number, string]>([
		['500 fails a call as outcome unknown', CALL, false, [status(500)], 1, 'OUTCOME_UNKNOWN'],
		[
			"503 with the service's error code fails a call as that refusal: it did not act",
			CALL,
			false,
			[status(503, { error_code: 'SENDER_OFFLINE', message: 'offline' })],
			1,
			'SENDER_OFFLINE',
		],
		[
			'a broken JSON 200 fails a call as outcome unknown',
			CALL,
			false,
			[{ statusCode: 200, body: '{' }],
			1,
			'OUTCOME_UNKNOWN',
		],
		[
			'a reset connection fails a call as outcome unknown',
			CALL,
			false,
			[{ code: 'ECONNRESET' }],
			1,
			'OUTCOME_UNKNOWN',
		],
		['404 fails a read at once', READ, true, [status(404, { message: 'not found' })], 1, 'null'],
		[
			`500 every time fails a read after ${MAX_RETRY_ATTEMPTS} retries`,
			READ,
			true,
			Array.from({ length: MAX_RETRY_ATTEMPTS + 1 }, () => status(500)),
			MAX_RETRY_ATTEMPTS + 1,
			'null',
		],
		[
			'a refused connection fails a read after the retries as not sent',
			READ,
			true,
			Array.from({ length: MAX_RETRY_ATTEMPTS + 1 }, () => ({ code: 'ECONNREFUSED' })),
			MAX_RETRY_ATTEMPTS + 1,
			'NOT_SENT',
		],
	])('%s', async (_case, request, safeToRepeat, answers, attempts, errorCode) => {
		const played = await play(request, safeToRepeat, answers);
		expect(played.answer).toBeUndefined();
		expect(played.sent).toHaveLength(attempts);
		expect(played.released).toHaveLength(attempts);
		expect(String(played.error?.context.errorCode)).toBe(errorCode);
	});
});

describe('a redirect', () => {
	it.each<[string, FamulorRequest, boolean, Scripted[], string[]]>([
		[
			'303 of a call that may repeat is read with GET, without its body or query',
			CALL,
			true,
			[redirect(303, '/api/user/calls/9?view=short'), ok()],
			[CALL_SENT, 'GET /api/user/calls/9?view=short'],
		],
		[
			'301 of an update is read with GET, as browsers do',
			UPDATE,
			true,
			[redirect(301, `${BASE}/api/user/leads/8`), ok()],
			[`PUT /api/user/leads/7 {"name":"Ada"}`, 'GET /api/user/leads/8'],
		],
		[
			'307 of an update keeps its method and body',
			UPDATE,
			true,
			[redirect(307, '/api/user/leads/8'), ok()],
			[`PUT /api/user/leads/7 {"name":"Ada"}`, `PUT /api/user/leads/8 {"name":"Ada"}`],
		],
		[
			'302 of a read is followed relative to the page it answered',
			READ,
			true,
			[redirect(302, 'get?page=3'), ok()],
			[READ_SENT, 'GET /api/user/assistants/get?page=3'],
		],
	])('%s', async (_case, request, safeToRepeat, answers, sent) => {
		const released = answers.map((answer) =>
			'statusCode' in answer ? answer.statusCode : undefined,
		);
		const played = await play(request, safeToRepeat, answers);
		expect(played).toEqual({ sent, released, answer: { ok: true } });
	});

	it.each<[string, FamulorRequest, boolean, Scripted[], number, string]>([
		[
			'to another origin is not followed: the token stays with the service',
			READ,
			true,
			[redirect(302, 'https://elsewhere.test/api/user/assistants/get')],
			1,
			'another host (elsewhere.test)',
		],
		[
			'of a call that must not repeat is not followed on the same origin either',
			CALL,
			false,
			[redirect(302, '/api/user/make_call/2')],
			1,
			'not repeated',
		],
		[
			`after ${MAX_REDIRECTS} on the same origin is not followed`,
			READ,
			true,
			Array.from({ length: MAX_REDIRECTS + 1 }, (_, i) => redirect(302, `/api/hop/${i}`)),
			MAX_REDIRECTS + 1,
			`after ${MAX_REDIRECTS} redirects`,
		],
		['without a Location is the error of its status', READ, true, [redirect(302)], 1, '302'],
	])('%s', async (_case, request, safeToRepeat, answers, attempts, named) => {
		const played = await play(request, safeToRepeat, answers);
		expect(played.sent).toHaveLength(attempts);
		expect(played.error?.message).toContain(named);
	});
});

describe('a wait the service asks for, longer than the request may still wait', () => {
	const tooLong = (ownRefusal: boolean) => (attempt: number) =>
		attempt === 2
			? new RateLimitWaitTooLong('the reset is at 12:05', 120_000, 240_000, ownRefusal)
			: undefined;

	it("after its own 429 fails the request with that 429's answer and both waits, unsent again", async () => {
		const played = await play(
			CALL,
			false,
			[status(429, { message: 'Too Many Attempts.' })],
			tooLong(true),
		);
		expect(played.sent).toEqual([CALL_SENT]);
		expect(played.error?.message).toBe(
			'Famulor API error 429: Too Many Attempts. Still rate limited after waiting 120 s; the service asked for 240 s more, beyond the 300 s a request may wait. The request was not processed; run the item again later',
		);
		expect(played.error?.context.httpCode).toBe(429);
	});

	it('after its own 429 with no words of the service says only why', async () => {
		const played = await play(CALL, false, [status(429, {})], tooLong(true));
		expect(played.error?.message).toBe(
			'Famulor API error 429: Still rate limited after waiting 120 s; the service asked for 240 s more, beyond the 300 s a request may wait. The request was not processed; run the item again later',
		);
	});

	it("for another request's wait fails this one as not sent, with the pacer's reason", async () => {
		const played = await play(READ, true, [status(503)], tooLong(false));
		expect(played.sent).toEqual([READ_SENT]);
		expect(played.error?.message).toBe(
			'Famulor API request not sent: the reset is at 12:05. Run the item again after that time.',
		);
		expect(played.error?.context.errorCode).toBe('NOT_SENT');
	});
});
