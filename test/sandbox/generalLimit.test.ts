/**
 * The general rate limit every API request counts against, per token: 100 per minute, bursts of 20
 * per 10 s, `X-RateLimit-*` headers and the documented 429 body; scalable, and off when asked.
 * The clock is manual, so every request of a test arrives at the same instant unless it advances.
 */
import { SEED, type GeneralLimitOption } from '../../sandbox';
import {
	boot,
	CLI_HANG_MS,
	startSandboxCli,
	stopSandboxClis,
	type Client,
	type Res,
	type Who,
} from './helpers';

const ME = '/api/user/me';
const LIMITED_BODY = {
	error: 'Rate limit exceeded',
	message: 'Too many requests. Please try again later.',
};

let c: Client;
const started: Client[] = [];
afterEach(async () => {
	await Promise.all(started.splice(0).map((client) => client.sb.stop()));
});

async function start(generalRateLimit?: GeneralLimitOption): Promise<number> {
	c = await boot({ generalRateLimit });
	started.push(c);
	return c.sb.clock.now();
}

/** `count` requests one after the other; their answers in order. */
async function send(count: number, as: Who = 'alice', path = ME): Promise<Res[]> {
	const answers: Res[] = [];
	for (let n = 0; n < count; n++) answers.push(await c.get(path, as));
	return answers;
}

const statuses = (answers: Res[]) => answers.map((answer) => answer.status);
const header = (answer: Res, name: string) => answer.headers.get(name);
const unixSeconds = (ms: number) => String(Math.ceil(ms / 1000));

describe('general rate limit, documented numbers (the default)', () => {
	it('lets 20 requests through in 10 s, counting down the minute window in the headers', async () => {
		const started = await start({});
		const answers = await send(20);
		expect(statuses(answers)).toEqual(Array(20).fill(200));
		expect(answers.map((answer) => header(answer, 'x-ratelimit-remaining'))).toEqual(
			Array.from({ length: 20 }, (_, n) => String(99 - n)),
		);
		for (const answer of answers) {
			expect(header(answer, 'x-ratelimit-limit')).toBe('100');
			expect(header(answer, 'x-ratelimit-reset')).toBe(unixSeconds(started + 60_000));
		}
	});

	it('answers the 21st request in 10 s with 429 and the documented body, without counting it', async () => {
		const started = await start({});
		await send(20);
		const refused = await send(3);
		expect(statuses(refused)).toEqual([429, 429, 429]);
		expect(refused[0].json).toStrictEqual({ ...LIMITED_BODY, retry_after: 10 });
		expect(header(refused[0], 'x-ratelimit-limit')).toBe('100');
		expect(header(refused[0], 'x-ratelimit-remaining')).toBe('0');
		expect(header(refused[0], 'x-ratelimit-reset')).toBe(unixSeconds(started + 10_000));
		expect(header(refused[0], 'retry-after')).toBeNull();

		await c.advance(4_000);
		expect((await c.get(ME)).json).toStrictEqual({ ...LIMITED_BODY, retry_after: 6 });
		await c.advance(6_000);
		const next = await send(20);
		expect(statuses(next)).toEqual(Array(20).fill(200));
		// The refused requests did not count: 40 admitted so far.
		expect(header(next[19], 'x-ratelimit-remaining')).toBe('60');
	});

	it('caps a minute at 100 requests even when every burst window has room', async () => {
		const started = await start({});
		for (let burst = 0; burst < 5; burst++) {
			expect(statuses(await send(20))).toEqual(Array(20).fill(200));
			await c.advance(10_000);
		}
		const refused = await c.get(ME);
		expect(refused.status).toBe(429);
		expect(refused.json).toStrictEqual({ ...LIMITED_BODY, retry_after: 10 });
		expect(header(refused, 'x-ratelimit-reset')).toBe(unixSeconds(started + 60_000));
		await c.advance(10_000);
		const fresh = await c.get(ME);
		expect(fresh.status).toBe(200);
		expect(header(fresh, 'x-ratelimit-remaining')).toBe('99');
	});

	it('counts per token: bob is served while alice is refused', async () => {
		await start({});
		await send(20, 'alice');
		expect((await c.get(ME, 'alice')).status).toBe(429);
		const bob = await send(20, 'bob');
		expect(statuses(bob)).toEqual(Array(20).fill(200));
		expect(header(bob[0], 'x-ratelimit-remaining')).toBe('99');
	});

	it('leaves the controls unlimited, and logs the refused requests with their 429', async () => {
		await start({});
		await send(21);
		const controls = await Promise.all(Array.from({ length: 30 }, () => c.ctl('GET', '/clock')));
		expect(statuses(controls)).toEqual(Array(30).fill(200));
		expect(header(controls[0], 'x-ratelimit-limit')).toBeNull();
		const log = (await c.ctl('GET', `/requests?path=${ME}`)).json as Array<{ status: number }>;
		expect(log.map((entry) => entry.status)).toEqual([...Array(20).fill(200), 429]);
	});

	it('does not count requests without a valid token', async () => {
		await start({});
		const strangers = await send(25, { raw: 'Bearer nope' });
		expect(statuses(strangers)).toEqual(Array(25).fill(401));
		expect(statuses(await send(20))).toEqual(Array(20).fill(200));
	});

	it('counts a request against both the general and the endpoint limit (generate-reply, 5 per minute)', async () => {
		await start({});
		const reply = {
			assistant_id: SEED.alice.chatAssistantId,
			customer_identifier: 'limits',
			message: 'hi',
		};
		const replies: Res[] = [];
		for (let n = 0; n < 6; n++) replies.push(await c.post('/api/ai/generate-reply', reply));
		expect(statuses(replies)).toEqual([200, 200, 200, 200, 200, 429]);
		// The endpoint refused the 6th with its own body, after the general limit had counted it.
		expect(replies[5].json).toStrictEqual({ message: 'Too Many Attempts.', retry_after: 60 });
		expect(header(replies[5], 'x-ratelimit-remaining')).toBe('94');
		expect(statuses(await send(14))).toEqual(Array(14).fill(200));
		const refused = await c.post('/api/ai/generate-reply', reply);
		expect(refused.status).toBe(429);
		expect(refused.json).toStrictEqual({ ...LIMITED_BODY, retry_after: 10 });
	});
});

describe('general rate limit, scaled and replaced', () => {
	it('windowScale keeps the counts in a shorter time (0.1: 20 per 1 s, 100 per 6 s)', async () => {
		const started = await start({ windowScale: 0.1 });
		const first = await send(21);
		expect(statuses(first)).toEqual([...Array(20).fill(200), 429]);
		expect(first[20].json).toStrictEqual({ ...LIMITED_BODY, retry_after: 1 });
		expect(header(first[0], 'x-ratelimit-reset')).toBe(unixSeconds(started + 6_000));
		await c.advance(999);
		expect((await c.get(ME)).status).toBe(429);
		await c.advance(1);
		expect(statuses(await send(20))).toEqual(Array(20).fill(200));
	});

	it('takes other numbers for either window', async () => {
		await start({ burst: { limit: 3, windowMs: 500 }, sustained: { limit: 5, windowMs: 2_000 } });
		expect(statuses(await send(4))).toEqual([200, 200, 200, 429]);
		await c.advance(500);
		const second = await send(3);
		expect(statuses(second)).toEqual([200, 200, 429]);
		expect(header(second[1], 'x-ratelimit-limit')).toBe('5');
		expect(second[2].json).toStrictEqual({ ...LIMITED_BODY, retry_after: 2 });
	});

	it('is off with false: no 429, no headers', async () => {
		await start(false);
		const answers = await send(150);
		expect(statuses(answers)).toEqual(Array(150).fill(200));
		expect(header(answers[0], 'x-ratelimit-limit')).toBeNull();
	});

	it('rejects a scale or limit that is not positive', async () => {
		await expect(boot({ generalRateLimit: { windowScale: 0 } })).rejects.toThrow(
			'windowScale must be a number > 0',
		);
		await expect(
			boot({ generalRateLimit: { burst: { limit: 0, windowMs: 1000 } } }),
		).rejects.toThrow('generalRateLimit.burst needs an integer limit >= 1');
	});
});

describe('general rate limit control', () => {
	it('switches the limit on, scales it and off at run time, forgetting what was counted', async () => {
		await start(false);
		expect((await c.ctl('GET', '/general-limit')).json).toStrictEqual({ enabled: false });
		await send(30);

		const on = await c.ctl('PUT', '/general-limit', { windowScale: 0.5 });
		expect(on.json).toStrictEqual({
			enabled: true,
			sustained: { limit: 100, windowMs: 30_000 },
			burst: { limit: 20, windowMs: 5_000 },
		});
		expect(statuses(await send(21))).toEqual([...Array(20).fill(200), 429]);

		const documented = await c.ctl('PUT', '/general-limit', {});
		expect(documented.json).toStrictEqual({
			enabled: true,
			sustained: { limit: 100, windowMs: 60_000 },
			burst: { limit: 20, windowMs: 10_000 },
		});
		expect((await c.get(ME)).status).toBe(200);

		expect((await c.ctl('PUT', '/general-limit', { enabled: false })).json).toStrictEqual({
			enabled: false,
		});
		expect(statuses(await send(30))).toEqual(Array(30).fill(200));
	});

	it('answers 422 to a setting it cannot use, and keeps the one it had', async () => {
		await start({});
		const bad = await c.ctl('PUT', '/general-limit', { windowScale: -1 });
		expect(bad.status).toBe(422);
		expect(bad.json.errors.generalRateLimit[0]).toContain('windowScale must be a number > 0');
		expect((await c.ctl('PUT', '/general-limit', { enabled: 'no' })).status).toBe(422);
		expect((await c.ctl('GET', '/general-limit')).json.enabled).toBe(true);
	});
});

describe('general rate limit on the command line', () => {
	afterEach(stopSandboxClis);

	const meAt = async (url: string) =>
		await fetch(`${url}${ME}`, { headers: { authorization: `Bearer ${SEED.tokens.alice}` } });

	// The CLI's clock is real: at 60 times the documented windows, the 21 requests land in one burst
	// window (600 s) however slow the machine, and a refusal's wait shows the scaled window.
	it(
		'--general-limit-scale 60 refuses the 21st request in 600 s',
		async () => {
			const cli = await startSandboxCli(['--general-limit-scale', '60']);
			expect(cli.banner).toContain('100 per 3600 s, bursts of 20 per 600 s per token');
			const answers = await Promise.all(Array.from({ length: 21 }, () => meAt(cli.url)));
			expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(20).fill(200), 429]);
			const refused = answers.find((answer) => answer.status === 429)!;
			const { retry_after: retryAfter } = (await refused.json()) as { retry_after: number };
			// Longer than the documented burst window (10 s) allows, within the scaled one.
			expect(retryAfter).toBeGreaterThan(10);
			expect(retryAfter).toBeLessThanOrEqual(600);
		},
		CLI_HANG_MS,
	);

	it(
		'--no-general-limit serves every request',
		async () => {
			const cli = await startSandboxCli(['--no-general-limit']);
			expect(cli.banner).toContain('rate limit     off');
			const answers = await Promise.all(Array.from({ length: 30 }, () => meAt(cli.url)));
			expect(answers.every((answer) => answer.status === 200)).toBe(true);
		},
		CLI_HANG_MS,
	);
});
