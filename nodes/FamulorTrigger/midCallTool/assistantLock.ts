/**
 * Publishes and unpublishes that touch one assistant take turns in this n8n process: each replaces
 * the assistant's whole tool list, so two at once would drop each other's tool. A chain of promises
 * per key, no timers; keys are taken in sorted order, so two changes of overlapping assistants never
 * wait on each other. Other n8n processes are not covered (the README says so).
 */

/** Per key, the end of the last turn taken; a key leaves the map when nobody waits. */
export type Turns = Map<string, Promise<void>>;

async function withLock<T>(tails: Turns, key: string, run: () => Promise<T>): Promise<T> {
	const before = tails.get(key) ?? Promise.resolve();
	let release = (): void => undefined;
	const held = new Promise<void>((resolve) => (release = resolve));
	const tail = before.then(async () => await held);
	tails.set(key, tail);
	await before;
	try {
		return await run();
	} finally {
		release();
		if (tails.get(key) === tail) tails.delete(key);
	}
}

/** Turns kept in `tails`: `run` holds every key's turn. */
export function turnsIn(tails: Turns) {
	return async function withLocks<T>(keys: readonly string[], run: () => Promise<T>): Promise<T> {
		const sorted = [...new Set(keys)].sort();
		const from = async (index: number): Promise<T> =>
			index === sorted.length
				? await run()
				: await withLock(tails, sorted[index], () => from(index + 1));
		return await from(0);
	};
}

/** The process's one set of turns. */
export const withLocks = turnsIn(new Map());

/** The keys of the assistants of one Famulor account (base URL and token fingerprint). */
export function assistantLockKeys(account: string, assistantIds: readonly number[]): string[] {
	return assistantIds.map((id) => `${account}#${id}`);
}
