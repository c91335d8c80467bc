/**
 * One process of the shared-token simulation (bench/sharedToken.ts): the transport loaded fresh in a
 * process of its own, as in an n8n worker, taking jobs from the parent's queue with a worker's
 * concurrency and sending one free-form message per job. Talks to the parent over IPC only.
 */
import '../harness/jestShim';

import { withRequestContext, type TestCredentials } from '../harness/engine';
import { famulorApiRequest } from '../nodes/shared/transport/request';

export interface ProcessConfig {
	credentials: TestCredentials;
	senderId: number | string;
	recipientPhone: string;
	/** Jobs under way at once, as an n8n worker's concurrency. */
	concurrency: number;
	/** Time an execution takes before its request leaves (n8n's own work), at most. */
	overheadMs: number;
	/** A path to read (GET) per job instead of sending a free-form message (bench/sharedReads.ts). */
	readPath?: string;
}

export type ToProcess = { job: number } | { done: true };
export type FromProcess =
	| { want: true }
	| { finished: number; error?: string }
	| { answered: { at: number; status: number; remaining?: string } };

const config = JSON.parse(process.env.SHARED_TOKEN_PROCESS ?? '{}') as ProcessConfig;

function nextJob(): Promise<number | undefined> {
	return new Promise((resolve) => {
		const onMessage = (message: ToProcess) => {
			process.off('message', onMessage);
			resolve('job' in message ? message.job : undefined);
		};
		process.on('message', onMessage);
		process.send?.({ want: true } satisfies FromProcess);
	});
}

/** One job at a time per lane; the parent hands the jobs out in the order lanes ask. */
let asking: Promise<unknown> = Promise.resolve();
function takeJob(): Promise<number | undefined> {
	const taken = asking.then(nextJob);
	asking = taken;
	return taken;
}

async function main(): Promise<void> {
	await withRequestContext(config.credentials, async function () {
		// Every answer the transport gets, for the trace: when, its status and the reported remainder.
		const send = this.helpers.httpRequestWithAuthentication;
		this.helpers.httpRequestWithAuthentication = async (...args: Parameters<typeof send>) => {
			const response = (await send.apply(this, args)) as {
				statusCode: number;
				headers: Record<string, string>;
			};
			process.send?.({
				answered: {
					at: Date.now(),
					status: response.statusCode,
					remaining: response.headers['x-ratelimit-remaining'],
				},
			} satisfies FromProcess);
			return response;
		};
		const lanes = Array.from({ length: config.concurrency }, async () => {
			for (;;) {
				const job = await takeJob();
				if (job === undefined) return;
				await new Promise((resolve) => setTimeout(resolve, Math.random() * config.overheadMs));
				let error: string | undefined;
				try {
					await famulorApiRequest.call(
						this,
						config.readPath !== undefined
							? { method: 'GET', path: config.readPath, itemIndex: 0 }
							: {
									method: 'POST',
									path: '/api/user/whatsapp/send-freeform',
									body: {
										sender_id: config.senderId,
										recipient_phone: config.recipientPhone,
										message: `shared token ${job}`,
									},
									rateLimit: 'sendFreeform',
									itemIndex: 0,
								},
					);
				} catch (caught) {
					error = (caught as Error).message;
				}
				process.send?.({ finished: job, error } satisfies FromProcess);
			}
		});
		await Promise.all(lanes);
	});
	process.disconnect?.();
}

void main();
