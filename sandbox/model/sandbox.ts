/**
 * The running sandbox: its options, its store (a fresh one on reset, seeded by whoever started the
 * sandbox), the request and webhook logs, armed faults, rate-limit counters and the tasks it has
 * scheduled on its clock. State only; what the API does with it lives in domain/ and http/.
 */
import type { Socket } from 'node:net';
import type { ScheduledClock } from './clock';
import type { Fault, RequestLogEntry, WebhookLogEntry } from './logs';
import type { ResolvedOptions } from './options';
import { State } from './store';

/** Fills a new store with demo data (seed/), or leaves it empty. */
export type Seeder = (state: State) => void;

export class Sandbox {
	state: State;
	requests: RequestLogEntry[] = [];
	webhooks: WebhookLogEntry[] = [];
	faults: Fault[] = [];
	rate = new Map<string, { start: number; count: number }>();
	cancels = new Set<() => void>();
	heldSockets = new Map<Socket, ReturnType<typeof setTimeout>>();
	baseUrl = '';
	/** Runs after every scheduled task (a call ending, a chat ending on inactivity): the state file saves then too. */
	afterScheduledWork: () => void = () => undefined;
	requestSeq = 0;
	webhookSeq = 0;

	constructor(
		public clock: ScheduledClock,
		public opts: ResolvedOptions,
		private readonly seeder?: Seeder,
	) {
		this.state = this.freshState();
	}

	private freshState(): State {
		const state = new State(() => this.clock.now());
		this.seeder?.(state);
		return state;
	}

	now(): number {
		return this.clock.now();
	}

	reset(): void {
		for (const c of this.cancels) c();
		this.cancels.clear();
		this.state = this.freshState();
		this.requests = [];
		this.webhooks = [];
		this.faults = [];
		this.rate.clear();
	}

	schedule(delayMs: number, fn: () => unknown): () => void {
		let cancel: () => void = () => undefined;
		const wrapped = async (): Promise<void> => {
			this.cancels.delete(cancel);
			try {
				await fn();
			} finally {
				this.afterScheduledWork();
			}
		};
		const inner = this.clock.schedule(delayMs, wrapped);
		cancel = () => {
			inner();
			this.cancels.delete(cancel);
		};
		this.cancels.add(cancel);
		return cancel;
	}

	stopAll(): void {
		for (const c of [...this.cancels]) c();
		for (const [sock, t] of this.heldSockets) {
			clearTimeout(t);
			sock.destroy();
		}
		this.heldSockets.clear();
	}
}
