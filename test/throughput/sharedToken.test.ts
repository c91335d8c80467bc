/**
 * Several processes on one token (n8n workers, say) share the account-wide limit through the
 * service's X-RateLimit-* headers alone, with no setting divided by hand. Each "process" is its own
 * load of the transport module (jest.isolateModules), so its pacers know nothing of the others', as
 * separate processes do. The sandbox enforces the documented counts scaled ×0.1 in time (20 per 1 s,
 * 100 per 6 s); the credential's windows match, as the default credential matches the real service.
 */
import { sleep } from 'n8n-workflow';

import {
	createClock,
	SEED,
	startSandbox,
	type RequestLogEntry,
	type StartedSandbox,
} from '../../sandbox';
import { withRequestContext, type TestCredentials } from '../helpers/engine';
import { SandboxClient } from '../helpers/sandboxClient';

type Transport = typeof import('../../nodes/shared/transport/request');

const FREEFORM_PATH = '/api/user/whatsapp/send-freeform';
/** Free-form's own limit, scaled like the general one (5 per 100 ms); not reported by the service. */
const FREEFORM = { limit: 5, windowMs: 100 };
const BURST = { limit: 20, windowMs: 1_000 };
const SUSTAINED = { limit: 100, windowMs: 6_000 };
const REQUESTS = 120;
/** Requests each process keeps under way, as n8n runs several executions (or Parallel Requests) at once. */
const CONCURRENCY = 5;

/** A fresh load of the transport: its own pacers, as in another process. */
function loadTransport(): Transport {
	let transport: Transport | undefined;
	jest.isolateModules(() => {
		transport = jest.requireActual<Transport>('../../nodes/shared/transport/request');
	});
	return transport!;
}

/** `count` GETs through one process's transport, `CONCURRENCY` at a time; the errors it met. */
async function sendFrom(
	transport: Transport,
	credentials: TestCredentials,
	count: number,
	label: string,
): Promise<string[]> {
	const errors: string[] = [];
	let next = 0;
	await withRequestContext(credentials, async function () {
		await Promise.all(
			Array.from({ length: CONCURRENCY }, async () => {
				while (next < count) {
					const itemIndex = next++;
					try {
						await transport.famulorApiRequest.call(this, {
							method: 'POST',
							path: FREEFORM_PATH,
							body: {
								sender_id: SEED.alice.senders.online,
								recipient_phone: SEED.alice.openWindowCustomer.phone,
								message: `${label} ${itemIndex}`,
							},
							rateLimit: 'sendFreeform',
							itemIndex,
						});
					} catch (error) {
						errors.push((error as Error).message);
					}
				}
			}),
		);
	});
	return errors;
}

let sandbox: StartedSandbox | undefined;
afterEach(async () => {
	await sandbox?.stop();
	sandbox = undefined;
});

async function runProcesses(processes: number): Promise<{
	errors: string[];
	log: RequestLogEntry[];
}> {
	sandbox = await startSandbox({
		port: 0,
		clock: createClock({ realTime: true }),
		generalRateLimit: { windowScale: 0.1 },
		rateLimits: { sendFreeform: FREEFORM },
	});
	const credentials: TestCredentials = {
		apiToken: SEED.tokens.alice,
		baseUrl: sandbox.url,
		customRateLimits: true,
		generalLimit: SUSTAINED.limit,
		generalWindowSeconds: SUSTAINED.windowMs / 1000,
		generalBurstLimit: BURST.limit,
		generalBurstWindowSeconds: BURST.windowMs / 1000,
		sendFreeformLimit: FREEFORM.limit,
		sendFreeformWindowSeconds: FREEFORM.windowMs / 1000,
		requestTimeoutSeconds: 5,
	};
	const transports = Array.from({ length: processes }, loadTransport);
	const errors = (
		await Promise.all(
			transports.map(
				async (transport, index) =>
					await sendFrom(transport, credentials, REQUESTS / processes, `process ${index}`),
			),
		)
	).flat();
	const log = await new SandboxClient(sandbox).requests({ path: FREEFORM_PATH });
	return { errors, log };
}

describe.each([2, 4])('%i processes on one token', (processes) => {
	// Without sharing, each process spends the whole limit: 50 and 97 429s here. Processes that start
	// together learn of each other from their first answers, and a few 429s then (waited out) are the
	// price; ten times faster than the real clock, the timers' jitter adds one now and then, so the
	// bound is two per process (the benchmark measures the real clock against its target of one).
	it(`stay within the account-wide limit by its headers: every request served, at most two 429s per process`, async () => {
		const { errors, log } = await runProcesses(processes);
		expect(errors).toEqual([]);
		const statuses = log.map((entry) => entry.status);
		expect(statuses.filter((status) => status === 200)).toHaveLength(REQUESTS);
		expect(statuses.filter((status) => status === 429).length).toBeLessThanOrEqual(2 * processes);
	}, 120_000);
});

describe('a second process that starts a moment after the first', () => {
	// Free-form's own limit (5 per second) is not reported by the service, and its 429s count against
	// the account-wide limit. Alone, the first process would spend all 5 of its first second before the
	// second one's first answer told either of them of the other: the second's first send was a 429.
	// Half of it while a process is learning leaves room. Here at half the real speed (5 per 2 s,
	// 20 per 20 s, 100 per 120 s), so a loaded machine's delays stay well inside the learning window
	// (one free-form window); 20 sends fit the burst window, so any 429 is free-form's.
	it('finds free-form room: no 429 while the two learn of each other', async () => {
		const scale = 2;
		sandbox = await startSandbox({
			port: 0,
			clock: createClock({ realTime: true }),
			generalRateLimit: { windowScale: scale },
			rateLimits: { sendFreeform: { limit: 5, windowMs: 1000 * scale } },
		});
		const credentials: TestCredentials = {
			apiToken: SEED.tokens.alice,
			baseUrl: sandbox.url,
			customRateLimits: true,
			generalLimit: 100,
			generalWindowSeconds: 60 * scale,
			generalBurstLimit: 20,
			generalBurstWindowSeconds: 10 * scale,
			sendFreeformLimit: 5,
			sendFreeformWindowSeconds: 1 * scale,
			requestTimeoutSeconds: 5,
		};
		const [first, second] = [loadTransport(), loadTransport()];
		const client = new SandboxClient(sandbox);
		/**
		 * The second starts a moment after the first has sent twice: by then the first, alone, has either
		 * spent all 5 of its window at once or (learning) holds at half.
		 */
		const afterFirstAnswer = async (): Promise<void> => {
			while ((await client.requests({ path: FREEFORM_PATH })).length < 2) await sleep(5);
			await sleep(50);
		};
		const errors = (
			await Promise.all([
				sendFrom(first, credentials, 10, 'first'),
				afterFirstAnswer().then(async () => await sendFrom(second, credentials, 10, 'second')),
			])
		).flat();
		expect(errors).toEqual([]);
		const log = await client.requests({ path: FREEFORM_PATH });
		expect(log.map((entry) => entry.status).filter((status) => status !== 200)).toEqual([]);
		expect(log).toHaveLength(20);
	}, 120_000);
});
