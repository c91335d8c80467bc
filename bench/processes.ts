/**
 * The child processes of cases 7 and 8 (bench/sharedTokenProcess.ts, each the transport alone, as
 * an n8n worker is), forked START_APART_MS apart as workers pick up their first jobs, and the
 * credential they share.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import { SEED } from '../sandbox';
import type { TestCredentials } from '../harness/engine';
import type { FromProcess, ProcessConfig } from './sharedTokenProcess';

/** An n8n worker's concurrency. */
export const CONCURRENCY = 10;
export const START_APART_MS = 600;

/** A comma-separated list of numbers from the environment. */
export const numbersFrom = (text: string): number[] =>
	text.split(',').map((value) => Number(value.trim()));

/** The default credential, or at another `scale` the documented limits with every window scaled alike, as the sandbox enforces them. */
export function credentialsFor(baseUrl: string, scale: number): TestCredentials {
	const base: TestCredentials = { apiToken: SEED.tokens.alice, baseUrl, requestTimeoutSeconds: 30 };
	if (scale === 1) return base;
	return {
		...base,
		customRateLimits: true,
		generalLimit: 100,
		generalWindowSeconds: 60 * scale,
		generalBurstLimit: 20,
		generalBurstWindowSeconds: 10 * scale,
		sendFreeformLimit: 5,
		sendFreeformWindowSeconds: 1 * scale,
	};
}

/** What every process is given: the credential at `scale`, the seeded sender and customer, a worker's concurrency. */
export function processConfig(
	baseUrl: string,
	scale: number,
	work: Pick<ProcessConfig, 'overheadMs' | 'readPath'>,
): ProcessConfig {
	return {
		credentials: credentialsFor(baseUrl, scale),
		senderId: SEED.alice.senders.online,
		recipientPhone: SEED.alice.openWindowCustomer.phone,
		concurrency: CONCURRENCY,
		...work,
	};
}

/**
 * Runs `count` processes with `config`, forked `apartMs` apart, until `onMessage` (given each
 * message, the process's index and the process to answer) returns true; then stops them.
 */
export async function runProcesses(
	count: number,
	config: ProcessConfig,
	onMessage: (message: FromProcess, index: number, child: ChildProcess) => boolean,
	apartMs = START_APART_MS,
): Promise<void> {
	const children: ChildProcess[] = [];
	try {
		await new Promise<void>((resolve, reject) => {
			for (let index = 0; index < count; index++) {
				setTimeout(() => {
					const child = fork(join(__dirname, 'sharedTokenProcess.ts'), [], {
						execArgv: ['--import', 'tsx'],
						env: { ...process.env, SHARED_TOKEN_PROCESS: JSON.stringify(config) },
					});
					children.push(child);
					child.on('error', reject);
					child.on('message', (message: FromProcess) => {
						if (onMessage(message, index, child)) resolve();
					});
				}, index * apartMs);
			}
		});
	} finally {
		for (const child of children) child.kill();
	}
}
