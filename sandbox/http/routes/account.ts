/** GET /api/user/me: the token's user and balance. */
import type { FastifyInstance } from 'fastify';
import { roundAmount } from '../../domain/formats';
import { userOf } from '../context';
import { send } from '../respond';

export function registerAccountRoutes(app: FastifyInstance): void {
	app.get('/api/user/me', async (req, reply) => {
		const u = userOf(req);
		return send(reply, 200, {
			name: u.name,
			email: u.email,
			total_balance: roundAmount(u.balance),
		});
	});
}
