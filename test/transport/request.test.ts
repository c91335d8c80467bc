/**
 * What a request sends and where: the bearer token, the JSON body and the query at the Base URL
 * (a trailing slash tolerated), a legacy path as given, and a Base URL that is not http(s) refused
 * before anything is sent. Through n8n-core to a scripted server.
 */
import { famulorApiRequest } from '../../nodes/shared/transport';
import { withRequestContext } from '../../harness/engine';
import { TOKEN, credentials, send, server, useScriptedTransport } from './scriptedTransport';

useScriptedTransport();

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
