/**
 * The general rate limit at run time: `GET /__sandbox/general-limit` shows it, `PUT` sets it. Body:
 * `{ "enabled": false }` (off), `{}` (the documented limit), `{ "windowScale": 0.1 }` or
 * `{ "sustained": {limit, windowMs}, "burst": {limit, windowMs} }`. Setting it forgets what was counted.
 */
import type { FastifyInstance } from 'fastify';
import { CONTROL_PREFIX } from '../hooks/auth';
import {
	forgetGeneralCounts,
	resolveGeneralLimit,
	type GeneralLimitOption,
} from '../../domain/rateLimits/generalLimit';
import { body } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';

function shown(sb: Sandbox): Record<string, unknown> {
	const limit = sb.opts.generalRateLimit;
	return limit ? { enabled: true, ...limit } : { enabled: false };
}

export function registerLimitControlRoutes(app: FastifyInstance, sb: Sandbox): void {
	const path = `${CONTROL_PREFIX}/general-limit`;
	app.get(path, async (_req, reply) => send(reply, 200, shown(sb)));
	app.put(path, async (req, reply) => {
		const { enabled, ...rest } = body(req);
		if (enabled !== undefined && typeof enabled !== 'boolean')
			return laravel422(reply, { enabled: ['The enabled field must be true or false.'] });
		try {
			sb.opts.generalRateLimit = resolveGeneralLimit(
				enabled === false ? false : (rest as GeneralLimitOption),
			);
		} catch (error) {
			return laravel422(reply, { generalRateLimit: [(error as Error).message] });
		}
		forgetGeneralCounts(sb);
		return send(reply, 200, shown(sb));
	});
}
