/**
 * A client that a lone process's full burst window refused (a refusal is not counted, so the process
 * cannot see it) retries at the whole second its `retry_after` rounds up to. The lone process leaves
 * part of each refilled burst window free for that second (accountBudget.ts, LATE_RETRY_ROOM), so the
 * refused client is served at its retry instead of meeting every window full for the whole backlog.
 * The service is the sandbox's own general limit (sandbox/http/generalLimit.ts) on the fake clock.
 */
import type { FastifyReply } from 'fastify';

import type { RateLimit } from '../../../nodes/shared/transport/credentials';
import { AccountBudget } from '../../../nodes/shared/transport/pacing/accountBudget';
import { createClock } from '../../../sandbox';
import { resolveGeneralLimit } from '../../../sandbox/domain/rateLimits/generalLimit';
import { withinGeneralLimit } from '../../../sandbox/http/generalLimit';
import type { User } from '../../../sandbox/model/accounts';
import type { ResolvedOptions } from '../../../sandbox/model/options';
import { Sandbox } from '../../../sandbox/model/sandbox';

type Answer = { status: number; headers: Record<string, string>; retryAfterS?: number };

/** The documented windows (100 a minute, 20 per 10 s) at `scale` of their length, as the transport configures them. */
const limitsAt = (scale: number): RateLimit[] => [
	{ limit: 100, windowMs: 60_000 * scale },
	{ limit: 20, windowMs: 10_000 * scale },
];

/** One token's general limit as the sandbox counts it, with its windows at `windowScale`: each call is one request. */
function sandboxLimit(windowScale: number): () => Answer {
	// Only the general limit is read; nothing else of the sandbox runs.
	const options = { generalRateLimit: resolveGeneralLimit({ windowScale }) } as ResolvedOptions;
	const sb = new Sandbox(createClock(), options);
	const user = { token: 'one token' } as User;
	return () => {
		const answer: Answer = { status: 200, headers: {} };
		const reply = {
			header: (name: string, value: string) => ((answer.headers[name] = value), reply),
			code: (status: number) => ((answer.status = status), reply),
			send: (body: string) => {
				answer.retryAfterS = (JSON.parse(body) as { retry_after: number }).retry_after;
				return reply;
			},
		};
		withinGeneralLimit(sb, reply as unknown as FastifyReply, user);
		return answer;
	};
}

beforeEach(() => jest.useFakeTimers({ now: 1_800_000_000_400 }));
afterEach(() => jest.useRealTimers());

/** A lone process (production's windows, enforced) sends `count` requests, `lanes` at a time, each answered at once and retried after a 429 as send.ts does (its answer tells the pacer the wait); returns its answers' statuses. */
async function loneRun(
	serve: () => Answer,
	limits: RateLimit[],
	count: number,
	lanes: number,
): Promise<number[]> {
	const budget = new AccountBudget(limits);
	const statuses: number[] = [];
	let next = 0;
	await Promise.all(
		Array.from({ length: lanes }, async () => {
			while (next < count) {
				next++;
				const passage = budget.enter();
				for (;;) {
					const release = await passage.acquire();
					const answer = serve();
					statuses.push(answer.status);
					release(answer.headers, answer.status, { retry_after: answer.retryAfterS });
					if (answer.retryAfterS === undefined) break;
				}
				passage.leave();
			}
		}),
	);
	return statuses;
}

describe('a client refused by a lone process’s full burst window', () => {
	it.each([
		[1, 2_500],
		[1, 5_300],
		[1, 9_900],
		[0.5, 1_300],
		[0.5, 4_900],
	])(
		'is served when it retries after its retry_after (windows ×%s, refused %i ms after the first request)',
		async (scale, refusedAfterMs) => {
			const serve = sandboxLimit(scale);
			const late: Answer[] = [];
			setTimeout(() => {
				const refused = serve();
				late.push(refused);
				setTimeout(() => late.push(serve()), refused.retryAfterS! * 1000);
			}, refusedAfterMs);
			let done = false;
			const lone = loneRun(serve, limitsAt(scale), 60, 10).then(
				(statuses) => ((done = true), statuses),
			);
			while (!done) await jest.advanceTimersByTimeAsync(10);

			expect(late.map((answer) => answer.status)).toEqual([429, 200]);
			// Its own requests all served, with at most one 429 once the late one's count shows it others.
			const statuses = await lone;
			expect(statuses.filter((status) => status === 200)).toHaveLength(60);
			expect(statuses.filter((status) => status === 429).length).toBeLessThanOrEqual(1);
		},
	);
});
