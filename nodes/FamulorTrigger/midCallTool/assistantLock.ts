/**
 * Publishes and unpublishes that touch one assistant take turns in this n8n process: each replaces
 * the assistant's whole tool list, so two at once would drop each other's tool. A chain of promises
 * per key, no timers; keys are taken in sorted order, so two changes of overlapping assistants never
 * wait on each other. Other n8n processes are not covered (the README says so).
 */
const tails = new Map<string, Promise<void>>();

async function withLock<T>(key: string, run: () => Promise<T>): Promise<T> {
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

/** Runs `run` holding every key's turn. */
export async function withLocks<T>(keys: readonly string[], run: () => Promise<T>): Promise<T> {
	const sorted = [...new Set(keys)].sort();
	const from = async (index: number): Promise<T> =>
		index === sorted.length ? await run() : await withLock(sorted[index], () => from(index + 1));
	return await from(0);
}

/** The keys of the assistants of one Famulor account (base URL and token fingerprint). */
export function assistantLockKeys(account: string, assistantIds: readonly number[]): string[] {
	return assistantIds.map((id) => `${account}#${id}`);
}

/** Keys held now, for tests: the map empties when nobody waits. */
export function heldLockCount(): number {
	return tails.size;
}
