/**
 * A client that a lone process's full burst window refused (a refusal is not counted, so the process
 * cannot see it) retries at the whole second its `retry_after` rounds up to. The lone process leaves
 * part of each refilled burst window free for that second (accountBudget.ts, LATE_RETRY_ROOM), so the
 * refused client is served at its retry instead of meeting every window full for the whole backlog.
 * The service here counts as the sandbox does: fixed windows from their first request, refusals
 * uncounted, `retry_after` in whole seconds until the refusing window ends.
 */
import { AccountBudget } from '../../nodes/shared/transport/accountBudget';

type RateLimit = { limit: number; windowMs: number };
type Window = { start: number; count: number };
type Answer = { status: number; headers: Record<string, string>; retryAfterS?: number };

/** The documented windows (100 a minute, 20 per 10 s) at `scale` of their length. */
const limitsAt = (scale: number): [RateLimit, RateLimit] => [
	{ limit: 100, windowMs: 60_000 * scale },
	{ limit: 20, windowMs: 10_000 * scale },
];

/** The account-wide limit of one token: both windows count a served request; a refusal counts in neither. */
class Service {
	private readonly windows = new Map<RateLimit, Window>();

	constructor(private readonly limits: [RateLimit, RateLimit]) {}

	serve(now: number): Answer {
		const current = this.limits.map((limit) => {
			let window = this.windows.get(limit);
			if (!window || now >= window.start + limit.windowMs) {
				window = { start: now, count: 0 };
				this.windows.set(limit, window);
			}
			return { limit, window };
		});
		const [minute] = current;
		const reset = String(Math.ceil((minute.window.start + minute.limit.windowMs) / 1000));
		const refusing = current.filter(({ limit, window }) => window.count >= limit.limit);
		if (refusing.length > 0) {
			const ends = refusing.map(({ limit, window }) => window.start + limit.windowMs);
			return {
				status: 429,
				headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset },
				retryAfterS: Math.ceil((Math.max(...ends) - now) / 1000),
			};
		}
		for (const { window } of current) window.count++;
		return {
			status: 200,
			headers: {
				'X-RateLimit-Limit': String(minute.limit.limit),
				'X-RateLimit-Remaining': String(minute.limit.limit - minute.window.count),
				'X-RateLimit-Reset': reset,
			},
		};
	}
}

beforeEach(() => jest.useFakeTimers({ now: 1_800_000_000_400 }));
afterEach(() => jest.useRealTimers());

/** A lone process (production's windows, enforced) sends `count` requests, `lanes` at a time, each answered at once and retried after a 429 as send.ts does; returns its answers' statuses. */
async function loneRun(
	service: Service,
	limits: RateLimit[],
	count: number,
	lanes: number,
): Promise<number[]> {
	const budget = new AccountBudget(limits, limits);
	const statuses: number[] = [];
	let next = 0;
	await Promise.all(
		Array.from({ length: lanes }, async () => {
			while (next < count) {
				next++;
				for (;;) {
					const release = await budget.acquire(300_000);
					const answer = service.serve(Date.now());
					statuses.push(answer.status);
					release(answer.headers, answer.status);
					if (answer.retryAfterS === undefined) break;
					budget.blockFor(answer.retryAfterS * 1000);
				}
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
			const limits = limitsAt(scale);
			const service = new Service(limits);
			const late: Answer[] = [];
			setTimeout(() => {
				const refused = service.serve(Date.now());
				late.push(refused);
				setTimeout(() => late.push(service.serve(Date.now())), refused.retryAfterS! * 1000);
			}, refusedAfterMs);
			let done = false;
			const lone = loneRun(service, limits, 60, 10).then((statuses) => ((done = true), statuses));
			while (!done) await jest.advanceTimersByTimeAsync(10);

			expect(late.map((answer) => answer.status)).toEqual([429, 200]);
			// Its own requests all served, with at most one 429 once the late one's count shows it others.
			const statuses = await lone;
			expect(statuses.filter((status) => status === 200)).toHaveLength(60);
			expect(statuses.filter((status) => status === 429).length).toBeLessThanOrEqual(1);
		},
	);
});
