import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import {
	MAX_PAGE_SIZE,
	buildFileForm,
	famulorApiRequest,
	pageNumberPages,
	requestCursorList,
	requestPageNumberList,
} from '../../nodes/shared/transport';
import { withRequestContext, type TestCredentials } from '../../harness/engine';
import { UNPACED_GENERAL_LIMIT } from '../../harness/credentials';
import {
	startScriptedServer,
	tooManyAttempts,
	type ScriptedAnswer,
	type ScriptedServer,
} from '../helpers/scriptedServer';
import { drive, useDrivenClock } from '../helpers/drivenClock';

const TOKEN = 'sbx_transport_token_4f1c9a';

let server: ScriptedServer;
let credentials: TestCredentials;

useDrivenClock();

beforeAll(async () => {
	server = await startScriptedServer();
	credentials = {
		apiToken: TOKEN,
		baseUrl: `${server.url}/`,
		requestTimeoutSeconds: 2,
		...UNPACED_GENERAL_LIMIT,
	};
});

afterAll(async () => {
	await server.close();
});

beforeEach(() => {
	server.requests.length = 0;
	server.fallback = () => ({ status: 200, body: {} });
});

async function send(request: Parameters<typeof famulorApiRequest>[0]) {
	return await drive(
		async () =>
			await withRequestContext(credentials, async function () {
				return await famulorApiRequest.call(this, request);
			}),
	);
}

/** The server answers from `answers` in turn; returns when each request arrived, on the driven clock. */
function answerInTurn(...answers: ScriptedAnswer[]): number[] {
	const arrivals: number[] = [];
	server.fallback = () => {
		arrivals.push(Date.now());
		return answers.shift() ?? { status: 200, body: {} };
	};
	return arrivals;
}

async function failure(request: Parameters<typeof famulorApiRequest>[0]) {
	try {
		await send(request);
	} catch (error) {
		return error as {
			message: string;
			description?: string;
			context: IDataObject;
			httpCode?: string;
		};
	}
	throw new Error('expected the request to fail');
}

describe('requests', () => {
	it('sends the bearer token, JSON body and query to the base URL, tolerating a trailing slash', async () => {
		server.enqueue({ status: 200, body: { ok: true } });
		const answer = await send({
			method: 'POST',
			path: '/api/user/make_call',
			body: { phone_number: '+4915112345678', assistant_id: 3 },
			qs: { a: '1' },
		});
		expect(answer).toEqual({ ok: true });
		const [request] = server.requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/user/make_call');
		expect(request.query).toEqual({ a: '1' });
		expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
		expect(request.headers['content-type']).toMatch(/application\/json/);
		expect(JSON.parse(request.body.toString())).toEqual({
			phone_number: '+4915112345678',
			assistant_id: 3,
		});
	});

	it('keeps the legacy path without /api exactly as given', async () => {
		await send({ method: 'GET', path: '/user/phone-numbers' });
		expect(server.requests[0].path).toBe('/user/phone-numbers');
	});
});

describe('error shapes become one NodeApiError', () => {
	it.each([
		[
			'plain {message}',
			404,
			{ message: 'Assistant not found' },
			'Famulor API error 404: Assistant not found',
		],
		[
			'Laravel {message, errors}',
			422,
			{
				message: 'Validation failed',
				errors: {
					assistant_name: ['The assistant name field is required.'],
					voice_id: ['The selected voice id is invalid.'],
				},
			},
			'Famulor API error 422: Validation failed — assistant_name: The assistant name field is required.; voice_id: The selected voice id is invalid.',
		],
		[
			"Laravel's message that is the first field error, said once",
			422,
			{
				message: 'A lead with this phone number already exists in this campaign.',
				errors: {
					phone_number: ['A lead with this phone number already exists in this campaign.'],
				},
			},
			'Famulor API error 422: A lead with this phone number already exists in this campaign. (field: phone_number)',
		],
		[
			'Laravel with one field error said in the message and one not',
			422,
			{
				message: 'The name field is required. (and 1 more error)',
				errors: { name: ['The name field is required.'], type: ['The selected type is invalid.'] },
			},
			'Famulor API error 422: The name field is required. (and 1 more error) (field: name) — type: The selected type is invalid.',
		],
		[
			'{error}',
			404,
			{ error: 'Knowledgebase not found.' },
			'Famulor API error 404: Knowledgebase not found.',
		],
		[
			'{success:false, error, error_code}',
			403,
			{ success: false, error: 'Session expired', error_code: 'SESSION_EXPIRED' },
			'Famulor API error 403: Session expired [SESSION_EXPIRED]',
		],
	])('%s', async (_shape, status, body, message) => {
		server.enqueue({ status, body });
		const error = await failure({ method: 'GET', path: '/api/user/assistants/get' });
		expect(error.message).toBe(message);
		expect(error.context.httpCode).toBe(status);
	});

	it('keeps error_code and field errors in the error context', async () => {
		server.enqueue({
			status: 422,
			body: {
				message: 'The given data was invalid.',
				errors: { webhook_url: ['The webhook url must be a valid URL.'] },
			},
		});
		const error = await failure({
			method: 'POST',
			path: '/api/user/assistants/enable-inbound-webhook',
			body: { assistant_id: 1, webhook_url: 'x' },
		});
		expect(error.context.fieldErrors).toEqual({
			webhook_url: ['The webhook url must be a valid URL.'],
		});
		expect(error.context.errorCode).toBeNull();
	});

	it('gives advice for SESSION_EXPIRED: send a template instead', async () => {
		server.enqueue({
			status: 403,
			body: { success: false, error: 'Session expired', error_code: 'SESSION_EXPIRED' },
		});
		const error = await failure({
			method: 'POST',
			path: '/api/user/whatsapp/send-freeform',
			body: {},
		});
		expect(error.description).toMatch(/template/i);
	});

	it('401 reads "invalid or missing API token" and never echoes the token', async () => {
		server.enqueue({ status: 401, body: { message: `Unauthenticated. token ${TOKEN}` } });
		const error = await failure({ method: 'GET', path: '/api/user/assistants/languages' });
		expect(error.message).toMatch(/invalid or missing API token/);
		expect(
			JSON.stringify({
				message: error.message,
				description: error.description,
				context: error.context,
			}),
		).not.toContain(TOKEN);
	});
});

describe('retries', () => {
	it('waits out a 429 using Retry-After, then succeeds', async () => {
		const arrivals = answerInTurn(tooManyAttempts(60, 1), { status: 200, body: { reply: 'hi' } });
		const answer = await send({
			method: 'POST',
			path: '/api/ai/generate-reply',
			body: { message: 'x' },
			safeToRepeat: false,
		});
		expect(answer).toEqual({ reply: 'hi' });
		expect(server.requests).toHaveLength(2);
		// The header (1 s) wins over the body's retry_after (60 s).
		expect(arrivals[1] - arrivals[0]).toBe(1_000);
	});

	it('uses the body retry_after when there is no header', async () => {
		const arrivals = answerInTurn(tooManyAttempts(1), { status: 200, body: { ok: 1 } });
		await send({ method: 'GET', path: '/api/user/conversations' });
		expect(arrivals[1] - arrivals[0]).toBe(1_000);
		expect(server.requests).toHaveLength(2);
	});

	it.each([
		["until the refusing window's X-RateLimit-Reset, when it comes before retry_after's", 1, 0],
		['a second less than retry_after, when the reset is past (another clock)', -10, 1_000],
	])('waits after a 429 %s', async (_, resetFromNow, expectedMs) => {
		// Both are whole seconds rounded up: the sooner is nearer the end of the window that refused.
		// Late in a second (.900), so the next but one is 1.1 s away, retry_after's two seconds.
		jest.setSystemTime(Math.ceil(Date.now() / 1000) * 1000 + 1_900);
		const resetSeconds = Math.ceil(Date.now() / 1000) + resetFromNow;
		const arrivals = answerInTurn(
			{
				status: 429,
				body: { message: 'Too many requests. Please try again later.', retry_after: 2 },
				headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(resetSeconds) },
			},
			{ status: 200, body: { ok: 1 } },
		);
		await send({ method: 'GET', path: '/api/user/conversations' });
		expect(server.requests).toHaveLength(2);
		const until = expectedMs === 0 ? resetSeconds * 1000 : arrivals[0] + expectedMs;
		expect(arrivals[1]).toBe(until);
	});

	it('retries a GET after 5xx answers', async () => {
		server.enqueue(
			{ status: 502, raw: '<html>Bad gateway</html>' },
			{ status: 503, body: { message: 'down' } },
			{ status: 200, body: { data: [] } },
		);
		expect(await send({ method: 'GET', path: '/api/user/phone-numbers/all' })).toEqual({
			data: [],
		});
		expect(server.requests).toHaveLength(3);
	});

	it('gives up on a GET after the bounded number of retries', async () => {
		server.fallback = () => ({ status: 500, body: { message: 'Server Error' } });
		const error = await failure({ method: 'GET', path: '/api/user/phone-numbers/all' });
		expect(server.requests).toHaveLength(4);
		expect(error.message).toBe('Famulor API error 500: Server Error');
	});

	it('does not repeat a POST after a 5xx and says the outcome is unknown', async () => {
		server.enqueue({ status: 502, raw: 'Bad gateway' });
		const error = await failure({
			method: 'POST',
			path: '/api/user/make_call',
			body: { phone_number: '+4915112345678', assistant_id: 1 },
		});
		expect(server.requests).toHaveLength(1);
		expect(error.message).toMatch(/outcome unknown\)\. It was sent once and not repeated/);
	});

	it('does not repeat a POST after a reset connection', async () => {
		server.enqueue({ reset: true });
		const error = await failure({
			method: 'POST',
			path: '/api/user/whatsapp/send-freeform',
			body: { sender_id: 1 },
		});
		expect(server.requests).toHaveLength(1);
		expect(error.message).toMatch(/outcome unknown/i);
		expect(error.context.errorCode).toBe('OUTCOME_UNKNOWN');
	});

	it('retries a GET after a reset connection', async () => {
		server.enqueue({ reset: true }, { status: 200, body: { data: [{ id: 1 }] } });
		expect(await send({ method: 'GET', path: '/api/user/knowledgebases/1/documents' })).toEqual({
			data: [{ id: 1 }],
		});
		expect(server.requests).toHaveLength(2);
	});

	it('treats malformed JSON as a failure: retried for GET, not for POST', async () => {
		server.enqueue({ status: 200, raw: '{"data": [' }, { status: 200, body: { data: [] } });
		expect(await send({ method: 'GET', path: '/api/user/conversations' })).toEqual({ data: [] });
		server.requests.length = 0;
		server.enqueue({ status: 200, raw: '{"call_id": ' });
		const error = await failure({ method: 'POST', path: '/api/user/make_call', body: { a: 1 } });
		expect(server.requests).toHaveLength(1);
		expect(error.message).toMatch(/not valid JSON/);
	});
});

describe('multipart uploads', () => {
	it('delivers the file byte for byte with its name and type', async () => {
		const bytes = Buffer.concat([
			Buffer.from('%PDF-1.4\n'),
			Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 256)),
		]);
		const form = buildFileForm(
			{ name: 'Handbook', type: 'pdf', description: undefined },
			{
				field: 'file',
				binary: { data: '', mimeType: 'application/pdf', fileName: 'handbook.pdf' },
				buffer: bytes,
			},
		);
		await send({ method: 'POST', path: '/api/user/knowledgebases/1/documents', body: form });
		const [request] = server.requests;
		const boundary = /boundary=(.+)$/.exec(String(request.headers['content-type']))?.[1];
		expect(boundary).toBeDefined();
		const raw = request.body;
		const fileHeaderEnd = raw.indexOf('\r\n\r\n', raw.indexOf('filename="handbook.pdf"')) + 4;
		const fileEnd = raw.indexOf(Buffer.from(`\r\n--${boundary}`), fileHeaderEnd);
		const received = raw.subarray(fileHeaderEnd, fileEnd);
		expect(createHash('sha256').update(received).digest('hex')).toBe(
			createHash('sha256').update(bytes).digest('hex'),
		);
		expect(raw.toString('latin1')).toContain('Content-Type: application/pdf');
		expect(raw.toString('latin1')).toContain('name="name"\r\n\r\nHandbook');
		expect(raw.toString('latin1')).not.toContain('name="description"');
	});
});

describe('pagination', () => {
	function pageServer(total: number) {
		server.fallback = (request) => {
			const perPage = Number(request.query.per_page);
			const page = Number(request.query.page);
			const data = Array.from({ length: total }, (_, index) => ({ id: index + 1 })).slice(
				(page - 1) * perPage,
				page * perPage,
			);
			return {
				status: 200,
				body: {
					data,
					current_page: page,
					per_page: perPage,
					total,
					last_page: Math.max(1, Math.ceil(total / perPage)),
				},
			};
		};
	}

	function cursorServer(total: number) {
		server.fallback = (request) => {
			const perPage = Number(request.query.per_page);
			const offset = request.query.cursor
				? Number(Buffer.from(request.query.cursor, 'base64').toString())
				: 0;
			const data = Array.from(
				{ length: Math.min(perPage, Math.max(0, total - offset)) },
				(_, index) => ({ id: offset + index + 1 }),
			);
			const next =
				offset + perPage < total ? Buffer.from(String(offset + perPage)).toString('base64') : null;
			return {
				status: 200,
				body: {
					data,
					path: '/api/user/conversations',
					per_page: perPage,
					next_cursor: next,
					prev_cursor: null,
				},
			};
		};
	}

	it('Return All follows page numbers to the last page with the largest page size', async () => {
		pageServer(250);
		const records = await withRequestContext(credentials, async function () {
			return await requestPageNumberList.call(this, {
				path: '/api/user/assistants/get',
				limit: Infinity,
			});
		});
		expect(records).toHaveLength(250);
		expect(records[249]).toEqual({ id: 250 });
		expect(server.requests.map((request) => request.query)).toEqual([
			{ per_page: String(MAX_PAGE_SIZE), page: '1' },
			{ per_page: String(MAX_PAGE_SIZE), page: '2' },
			{ per_page: String(MAX_PAGE_SIZE), page: '3' },
		]);
	});

	it('Limit stops early on page numbers', async () => {
		pageServer(250);
		const records = await withRequestContext(credentials, async function () {
			return await requestPageNumberList.call(this, { path: '/api/user/assistants/get', limit: 7 });
		});
		expect(records).toHaveLength(7);
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0].query.per_page).toBe('7');
	});

	it('Return All follows cursors and passes filters on every page', async () => {
		cursorServer(230);
		const records = await withRequestContext(credentials, async function () {
			return await requestCursorList.call(this, {
				path: '/api/user/conversations',
				qs: { type: 'api' },
				limit: Infinity,
			});
		});
		expect(records.map((record) => record.id)).toEqual(
			Array.from({ length: 230 }, (_, index) => index + 1),
		);
		expect(server.requests).toHaveLength(3);
		expect(
			server.requests.every(
				(request) => request.query.type === 'api' && request.query.per_page === '100',
			),
		).toBe(true);
		expect(server.requests[0].query.cursor).toBeUndefined();
	});

	it('Limit stops early on cursors, asking only for what is still wanted', async () => {
		cursorServer(500);
		const records = await withRequestContext(credentials, async function () {
			return await requestCursorList.call(this, { path: '/api/user/conversations', limit: 150 });
		});
		expect(records).toHaveLength(150);
		expect(server.requests.map((request) => request.query.per_page)).toEqual(['100', '50']);
	});

	it.each<[string, typeof requestCursorList, string, ScriptedServer['fallback']]>([
		[
			'what it read on a repeated cursor instead of looping or returning the same records again',
			requestCursorList,
			'/api/user/conversations',
			(request) => ({
				status: 200,
				body: {
					data: [{ id: request.query.cursor === undefined ? 1 : 2 }],
					next_cursor: 'same',
					prev_cursor: null,
				},
			}),
		],
		[
			'the first page when a page repeats (a service that ignores ?page) instead of yielding duplicates',
			requestPageNumberList,
			'/api/user/leads',
			() => ({
				status: 200,
				body: { data: [{ id: 1 }, { id: 2 }], current_page: 1, last_page: 100_000 },
			}),
		],
	])('keeps %s', async (_case, readList, path, answer) => {
		server.fallback = answer;
		const records = await withRequestContext(credentials, async function () {
			return await readList.call(this, { path, limit: Infinity });
		});
		expect(server.requests).toHaveLength(2);
		expect(records).toEqual([{ id: 1 }, { id: 2 }]);
	});

	it("the trigger's page-by-page lookups keep the pages read before a repeated page, and end there", async () => {
		server.fallback = () => ({
			status: 200,
			body: { data: [{ id: 1 }, { id: 2 }], current_page: 1, last_page: 100_000 },
		});
		const pages = await withRequestContext(credentials, async function () {
			const read: IDataObject[][] = [];
			for await (const page of pageNumberPages.call(this, { path: '/api/user/leads', perPage: 2 }))
				read.push(page);
			return read;
		});
		expect(server.requests).toHaveLength(2);
		expect(pages).toEqual([[{ id: 1 }, { id: 2 }]]);
	});

	it('Return All stops with an error after 500 pages (50,000 records), however many pages the service reports', async () => {
		server.fallback = (request) => ({
			status: 200,
			body: { data: [{ id: Number(request.query.page) }], last_page: 100_000 },
		});
		const error = await withRequestContext(credentials, async function () {
			return await requestPageNumberList.call(this, { path: '/api/user/calls', limit: Infinity });
		}).catch((caught: Error) => caught);
		expect(server.requests).toHaveLength(500);
		expect((error as Error).message).toBe(
			"The list /api/user/calls has more than 500 pages (50,000 records), the most one run reads: narrow it with the operation's filters, or turn off Return All and set a Limit",
		);
	});
});

describe('credential base URL', () => {
	it('rejects a base URL that is not http(s), before sending', async () => {
		await expect(
			withRequestContext({ ...credentials, baseUrl: 'ftp://app.famulor.de' }, async function () {
				return await famulorApiRequest.call(this, {
					method: 'GET',
					path: '/api/user/assistants/languages',
				});
			}),
		).rejects.toThrow(/Base URL" must use http or https/);
		expect(server.requests).toHaveLength(0);
	});
});
