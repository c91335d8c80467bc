/**
 * Which failed attempts are tried again (judge.ts's failedAttempt): a GET after a 5xx, a reset
 * connection or malformed JSON, up to the bounded number of retries; a POST never, its error saying
 * the outcome is unknown. Through n8n-core to a scripted server.
 */
import { failure, send, server, useScriptedTransport } from '../scriptedTransport';

useScriptedTransport();

describe('retries', () => {
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
