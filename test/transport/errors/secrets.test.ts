/**
 * The API token stays with the service: redirects are never followed to another origin (nor, for a
 * request that must not be repeated, at all), and no error shows the token or the Base URL's user
 * info, whatever the service answered. Through n8n-core's real httpRequestWithAuthentication.
 */
import type { IDataObject } from 'n8n-workflow';

import { famulorApiRequest } from '../../../nodes/shared/transport';
import { withRequestContext, type TestCredentials } from '../../../harness/engine';
import { closedPort, startScriptedServer, type ScriptedServer } from '../../helpers/scriptedServer';
import { UNPACED_GENERAL_LIMIT } from '../../../harness/credentials';
import { drive, useDrivenClock } from '../../helpers/drivenClock';

// A Sanctum-style token: its "|" is percent-encoded inside a URL, and must be masked in that form too.
const TOKEN = '41|sbx_secret_token_9b3e7f';
const CALL = {
	method: 'POST' as const,
	path: '/api/user/make_call',
	body: { phone_number: '+4915112345678', assistant_id: 3 },
};
const READ = { method: 'GET' as const, path: '/api/user/assistants/get' };

let service: ScriptedServer;
let elsewhere: ScriptedServer;

useDrivenClock();

beforeAll(async () => {
	service = await startScriptedServer();
	elsewhere = await startScriptedServer();
});
afterAll(async () => {
	await Promise.all([service.close(), elsewhere.close()]);
});
beforeEach(() => {
	service.requests.length = 0;
	elsewhere.requests.length = 0;
	service.fallback = () => ({ status: 200, body: {} });
	elsewhere.fallback = () => ({ status: 200, body: { stolen: true } });
});

type Failure = {
	name: string;
	message: string;
	description?: string;
	stack?: string;
	context: IDataObject;
};

async function attempt(
	request: Parameters<typeof famulorApiRequest>[0],
	credentials: Partial<TestCredentials> = {},
): Promise<{ answer?: IDataObject; error?: Failure }> {
	const full: TestCredentials = {
		apiToken: TOKEN,
		baseUrl: service.url,
		requestTimeoutSeconds: 2,
		...UNPACED_GENERAL_LIMIT,
		...credentials,
	};
	try {
		const answer = await drive(
			async () =>
				await withRequestContext(full, async function () {
					return await famulorApiRequest.call(this, request);
				}),
		);
		return { answer };
	} catch (error) {
		return { error: error as Failure };
	}
}

async function failure(
	request: Parameters<typeof famulorApiRequest>[0],
	credentials: Partial<TestCredentials> = {},
): Promise<Failure> {
	const { error } = await attempt(request, credentials);
	if (!error) throw new Error('expected the request to fail');
	return error;
}

/** Everything of an error n8n could show or log, including names of its fields. */
function everything(error: Failure): string {
	return [
		error.message,
		error.description,
		error.stack,
		JSON.stringify(error.context),
		JSON.stringify(error),
		JSON.stringify((error as { cause?: unknown }).cause),
	].join('\n');
}

function expectNoSecret(error: Failure, ...secrets: string[]): void {
	const text = everything(error);
	for (const secret of [TOKEN, encodeURIComponent(TOKEN), ...secrets])
		expect(text).not.toContain(secret);
}

const elsewhereHost = () => new URL(elsewhere.url).host;
const redirect = (status: number, location: string) => ({
	status,
	body: {},
	headers: { location },
});

describe('redirects', () => {
	it.each([301, 302, 303, 307, 308])(
		'a %s to another origin is not followed: nothing reaches it, and the error names the Base URL field and the host',
		async (status) => {
			service.enqueue(redirect(status, `${elsewhere.url}/collect`));
			const error = await failure(READ);
			expect(elsewhere.requests).toEqual([]);
			expect(service.requests).toHaveLength(1);
			expect(error.message).toContain(
				`the service answered ${status} with a redirect to another host (${elsewhereHost()})`,
			);
			expect(error.message).toContain('credential field "Base URL"');
			expect(error.context.errorCode).toBe('REDIRECT_NOT_FOLLOWED');
		},
	);

	it('a redirect to another port of the same host is another origin too', async () => {
		service.enqueue(redirect(307, `${elsewhere.url}${CALL.path}`));
		const error = await failure(CALL);
		expect(elsewhere.requests).toEqual([]);
		expect(error.message).toContain(elsewhereHost());
	});

	it('a same-origin redirect of a request that must not be repeated is not followed', async () => {
		service.enqueue(redirect(307, '/api/v2/user/make_call'));
		const error = await failure(CALL);
		expect(service.requests.map((request) => request.path)).toEqual([CALL.path]);
		expect(error.message).toBe(
			'Famulor API request not repeated: the service answered 307 with a redirect to /api/v2/user/make_call on the same host; the request was not repeated there, because it must not take effect twice. Check the credential field "Base URL" of the Famulor AI API credential: it must be the address of the Famulor API itself, e.g. https://app.famulor.de (https, no extra path).',
		);
	});

	it('a same-origin redirect of a read is followed, with the token, and its answer returned', async () => {
		service.enqueue(redirect(301, '/api/user/assistants/get?page=1'), {
			status: 200,
			body: { data: [{ id: 1 }] },
		});
		const { answer, error } = await attempt({ ...READ, qs: { page: 1 } });
		expect(error).toBeUndefined();
		expect(answer).toEqual({ data: [{ id: 1 }] });
		expect(service.requests.map((request) => request.headers.authorization)).toEqual([
			`Bearer ${TOKEN}`,
			`Bearer ${TOKEN}`,
		]);
	});

	it('a read that keeps redirecting stops after a bounded number of redirects', async () => {
		service.fallback = () => redirect(302, '/api/user/assistants/get');
		const error = await failure(READ);
		expect(service.requests).toHaveLength(6);
		expect(error.message).toMatch(/after 5 redirects on the same host/);
	});
});

describe('the token never shows in an error', () => {
	it('not when the error_code echoes it (message and context.errorCode)', async () => {
		service.enqueue({
			status: 403,
			body: { success: false, error: `Token ${TOKEN} blocked`, error_code: TOKEN },
		});
		const error = await failure(READ);
		expectNoSecret(error);
		expect(error.message).toBe('Famulor API error 403: Token *** blocked [***]');
		expect(error.context.errorCode).toBe('***');
	});

	it('not when a 200 answer is a JSON string echoing it, for a read or a call', async () => {
		service.fallback = () => ({ status: 200, raw: JSON.stringify(`hello ${TOKEN}`) });
		const read = await failure(READ);
		expectNoSecret(read);
		expect(read.message).toMatch(/answered 200 with a JSON string instead of a record/);
		const call = await failure(CALL);
		expectNoSecret(call);
		expect(call.message).toMatch(/outcome unknown: the service answered 200 with a JSON string/);
	});

	it('not when the field errors are keyed by it', async () => {
		service.enqueue({ status: 422, body: { message: 'x', errors: { [TOKEN]: [`bad ${TOKEN}`] } } });
		const error = await failure(CALL);
		expectNoSecret(error);
		expect(error.context.fieldErrors).toEqual({ '***': ['bad ***'] });
	});

	it('not when the Base URL is the token itself ("not a valid URL")', async () => {
		const error = await failure(READ, { baseUrl: TOKEN });
		expectNoSecret(error);
		expect(error.message).toBe('Credential field "Base URL" is not a valid URL: "***"');
		expect(service.requests).toEqual([]);
	});

	it('not when the token is in the Base URL\'s path (the "not sent" advice names the Base URL)', async () => {
		const port = await closedPort();
		const error = await failure(READ, { baseUrl: `http://127.0.0.1:${port}/${TOKEN}` });
		expectNoSecret(error);
		expect(error.message).toMatch(
			new RegExp(`^Famulor API request not sent: http://127\\.0\\.0\\.1:${port}/\\*\\*\\* refused`),
		);
	});

	it("not the Base URL's user info", async () => {
		const password = 'hunter2-base-url-password';
		const error = await failure(READ, { baseUrl: `http://famulor:${password}@exa mple.com` });
		expectNoSecret(error, password, `famulor:${password}`);
		expect(error.message).toBe(
			'Credential field "Base URL" is not a valid URL: "http://***@exa mple.com"',
		);
	});
});
