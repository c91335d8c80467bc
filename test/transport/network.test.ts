/**
 * Failures without a usable answer say what really happened: never sent (and how to fix it), outcome
 * unknown (only where the service may have acted), or failed every attempt; and the token never shows.
 */
import type { IDataObject } from 'n8n-workflow';

import { famulorApiRequest } from '../../nodes/shared/transport';
import { classifyNetworkFailure } from '../../nodes/shared/transport/network';
import { withRequestContext, type TestCredentials } from '../../harness/engine';
import { closedPort, startScriptedServer, type ScriptedServer } from '../helpers/scriptedServer';
import { UNPACED_GENERAL_LIMIT } from '../../harness/credentials';
import { drive, useDrivenClock } from '../helpers/drivenClock';

const TOKEN = 'sbx_network_token_7d2c1e';
const CALL = {
	method: 'POST' as const,
	path: '/api/user/make_call',
	body: { phone_number: '+4915112345678', assistant_id: 3 },
	safeToRepeat: false,
};

let server: ScriptedServer;

useDrivenClock();

beforeAll(async () => {
	server = await startScriptedServer();
});
afterAll(async () => {
	await server.close();
});
beforeEach(() => {
	server.requests.length = 0;
});

async function failure(
	credentials: Partial<TestCredentials>,
	request: Parameters<typeof famulorApiRequest>[0] = CALL,
) {
	const full: TestCredentials = {
		apiToken: TOKEN,
		baseUrl: server.url,
		requestTimeoutSeconds: 2,
		...UNPACED_GENERAL_LIMIT,
		...credentials,
	};
	try {
		await drive(
			async () =>
				await withRequestContext(full, async function () {
					return await famulorApiRequest.call(this, request);
				}),
		);
	} catch (error) {
		return error as { name: string; message: string; context: IDataObject };
	}
	throw new Error('expected the request to fail');
}

describe('requests that never left', () => {
	it('a refused connection is "not sent", names the host and the Base URL field, and is retried even for a call', async () => {
		const port = await closedPort();
		const error = await failure({ baseUrl: `http://127.0.0.1:${port}` });
		expect(error.message).toMatch(
			new RegExp(
				`^Famulor API request not sent: http://127\\.0\\.0\\.1:${port} refused the connection\\.`,
			),
		);
		expect(error.message).toContain('Check the Base URL of the Famulor AI API credential');
		expect(error.message).not.toMatch(/outcome unknown/);
		expect(error.context.errorCode).toBe('NOT_SENT');
	});

	it.each([
		['a line break', `${TOKEN}\n`, /contains a line break at position 25/],
		[
			'a character beyond Latin-1',
			`${TOKEN}€`,
			/contains the character "€", which an HTTP header cannot carry/,
		],
		['nothing', '   ', /"API Token" is empty/],
	])('a token with %s is refused before anything is sent', async (_case, apiToken, message) => {
		const error = await failure({ apiToken });
		expect(error.name).toBe('NodeOperationError');
		expect(error.message).toMatch(message);
		expect(server.requests).toHaveLength(0);
	});

	it('a Base URL with a control character is refused before anything is sent', async () => {
		const error = await failure({ baseUrl: `${server.url}\n/x` });
		expect(error.message).toMatch(/"Base URL" contains a line break/);
		expect(server.requests).toHaveLength(0);
	});

	it('a path with a control character is refused before anything is sent', async () => {
		const error = await failure({}, { method: 'GET', path: '/api/user/knowledgebases/1\r\nX: y' });
		expect(error.message).toMatch(/request path contains a line break/);
		expect(server.requests).toHaveLength(0);
	});
});

describe('requests that may have reached the service', () => {
	it('a timeout says it timed out and after how many seconds, and a call is "outcome unknown"', async () => {
		server.enqueue({ status: 200, body: { call_id: 1 }, delayMs: 3_000 });
		const error = await failure({ requestTimeoutSeconds: 1 });
		expect(error.message).toMatch(
			/^Famulor API request outcome unknown: no answer from http:\/\/127\.0\.0\.1:\d+ within 1 s \(the credential's Request Timeout\)/,
		);
		expect(error.message).not.toMatch(/aborted|offline/);
		expect(error.context.errorCode).toBe('OUTCOME_UNKNOWN');
		// The driven clock stood still while the request was under way, so the server still holds its
		// answer: let it go, so that no connection outlives the test.
		await drive(async () => await new Promise((resolve) => setTimeout(resolve, 3_000)));
	});

	it.each([
		['null', 'null'],
		['a number', '42'],
		['a string', '"ok"'],
	])('a 200 answering %s to a call is "outcome unknown", not a crash', async (_case, raw) => {
		server.enqueue({ status: 200, raw });
		const error = await failure({});
		expect(error.message).toMatch(
			/outcome unknown: the service answered 200 with .* instead of a record/,
		);
		expect(server.requests).toHaveLength(1);
	});

	it('never shows the token when the service echoes it in an error body', async () => {
		server.enqueue({
			status: 422,
			body: {
				message: `Token ${TOKEN} is not allowed here`,
				errors: { [TOKEN]: [`bad ${TOKEN}`] },
			},
		});
		const error = await failure({});
		expect(JSON.stringify({ message: error.message, context: error.context })).not.toContain(TOKEN);
		expect(error.message).toContain('Token *** is not allowed here');
	});
});

describe('classifying failures without an answer', () => {
	const host = 'https://app.famulor.de';
	it.each([
		[
			{ code: 'ENOTFOUND', syscall: 'getaddrinfo' },
			false,
			/host name of https:\/\/app\.famulor\.de could not be resolved/,
		],
		[
			{ code: 'CERT_HAS_EXPIRED', message: 'certificate has expired' },
			false,
			/secure \(TLS\) connection .* failed: certificate has expired/,
		],
		[
			{
				code: 'ERR_INVALID_CHAR',
				message: 'Invalid character in header content ["Authorization"]',
			},
			false,
			/header contains a character/,
		],
		[{ code: 'ETIMEDOUT', syscall: 'connect' }, false, /no connection .* could be opened in time/],
		[{ code: 'ECONNRESET', message: 'socket hang up' }, true, /closed before an answer arrived/],
		[{ code: 'ECONNABORTED', message: 'timeout of 30000ms exceeded' }, true, /within 30 s/],
	])('%j: sent %s', (cause, sent, reason) => {
		const failure = classifyNetworkFailure(
			{ name: 'NodeApiError', message: 'wrapped', cause },
			host,
			30_000,
		);
		expect(failure.sent).toBe(sent);
		expect(failure.reason).toMatch(reason);
	});
});

describe('the account-wide limit the service reports', () => {
	it('waits for X-RateLimit-Reset once X-RateLimit-Remaining reached 0, instead of meeting a 429', async () => {
		const resetSeconds = Math.ceil(Date.now() / 1000) + 1;
		const spent = {
			'X-RateLimit-Limit': '100',
			'X-RateLimit-Remaining': '0',
			'X-RateLimit-Reset': String(resetSeconds),
		};
		const arrivals: number[] = [];
		server.fallback = () => {
			arrivals.push(Date.now());
			return { status: 200, body: { data: [] }, headers: arrivals.length === 1 ? spent : {} };
		};
		// Its own key, so no other test's answers share the budget.
		const credentials = {
			apiToken: 'sbx_budget_token_3a9d6c',
			baseUrl: server.url,
			...UNPACED_GENERAL_LIMIT,
		};
		for (let index = 0; index < 2; index++) {
			await drive(
				async () =>
					await withRequestContext(credentials, async function () {
						return await famulorApiRequest.call(this, {
							method: 'GET',
							path: '/api/user/conversations',
						});
					}),
			);
		}
		expect(server.requests).toHaveLength(2);
		// The second request went only at the reset the first answer named.
		expect(arrivals[1]).toBeGreaterThanOrEqual(resetSeconds * 1000);
	});
});
