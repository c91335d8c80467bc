/** Authentication: the bearer token, the fixed tokens of the seed, and unknown routes. */
import { SEED } from '../../sandbox';
import { expectAnswer, useSandbox } from './helpers';

const c = useSandbox();

describe('authentication', () => {
	it('rejects a missing token with 401', async () => {
		const r = await c.get('/api/user/assistants/get', null);
		expectAnswer(r, 401, {
			error: 'Missing Authorization header',
			message: 'Authorization header is required',
		});
	});
	it('rejects a wrong token with 401', async () => {
		const r = await c.get('/api/user/assistants/get', { raw: 'Bearer nope' });
		expect(r.status).toBe(401);
		expect(r.json.error).toBe('Invalid API key');
		expect(typeof r.json.message).toBe('string');
	});
	it('accepts the fixed tokens', async () => {
		expect(c.sb.tokens).toEqual(SEED.tokens);
		const r = await c.get('/api/user/me', 'bob');
		expectAnswer(r, 200, { name: 'Bob Example', email: 'bob@example.com', total_balance: 10 });
	});
	it('answers unknown routes with 404', async () => {
		const r = await c.get('/api/user/nothing-here');
		expect(r.status).toBe(404);
		expect(r.json.message).toMatch(/could not be found/);
	});
});
