/**
 * How long a request refused with 429 waits before its retry, as the pacer decides it (refusal.ts):
 * the Retry-After header, else the body's retry_after, or the refusing window's X-RateLimit-Reset
 * when that comes sooner. Through n8n-core to a scripted server, on the driven clock.
 */
import { tooManyAttempts } from '../../helpers/scriptedServer';
import { answerInTurn, send, server, useScriptedTransport } from '../scriptedTransport';

useScriptedTransport();

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
});
