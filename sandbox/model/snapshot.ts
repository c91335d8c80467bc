/**
 * A store as JSON and back, so a sandbox started with a state file (`npm start`) keeps its records
 * across restarts: the assistants' webhook URLs that published n8n triggers registered, the senders'
 * read-receipt webhooks, the calls, chats (and which ended), leads and balances, the webhook
 * deliveries waiting for their next attempt. Maps and Sets are tagged; functions (pending timers'
 * cancels, a campaign call's hooks) are not data and are dropped; the conversation indexes are
 * rebuilt from the conversations. A snapshot records the shape of the
 * seeded store it was taken with: when the sandbox's records have changed shape since, it is refused
 * rather than half-read. Fields the seed leaves empty add nothing to the shape, so a snapshot taken
 * before such a field existed is read, and the field starts empty.
 */
import { createHash } from 'node:crypto';

import { State } from './store';

const FORMAT = 1;

/** The clock, and the lookups indexConversation derives from the conversations (rebuilt on restore). */
const NOT_STORED = new Set(['now', 'conversationByUuid', 'apiIndex', 'waIndex']);

function replacer(_key: string, value: unknown): unknown {
	if (value instanceof Map) return { $map: [...value.entries()] };
	if (value instanceof Set) return { $set: [...value] };
	if (typeof value === 'function') return undefined;
	return value;
}

function reviver(_key: string, value: unknown): unknown {
	if (value === null || typeof value !== 'object') return value;
	const tagged = value as Partial<Record<'$map' | '$set', unknown[]>>;
	if (Array.isArray(tagged.$map)) return new Map(tagged.$map as Array<[unknown, unknown]>);
	if (Array.isArray(tagged.$set)) return new Set(tagged.$set);
	return value;
}

function stored(state: State): Record<string, unknown> {
	return Object.fromEntries(Object.entries(state).filter(([key]) => !NOT_STORED.has(key)));
}

/** Every field path of the store's records (one line per distinct path and type), hashed. */
export function shapeOf(state: State): string {
	const paths = new Set<string>();
	const walk = (value: unknown, path: string): void => {
		if (value instanceof Map || value instanceof Set || Array.isArray(value)) {
			for (const item of value instanceof Map ? value.values() : value) walk(item, `${path}[]`);
			return;
		}
		if (value !== null && typeof value === 'object') {
			for (const [key, item] of Object.entries(value)) walk(item, `${path}.${key}`);
			return;
		}
		if (typeof value !== 'function' && value !== null && value !== undefined)
			paths.add(`${path}:${typeof value}`);
	};
	walk(stored(state), '');
	return createHash('sha256')
		.update([...paths].sort().join('\n'))
		.digest('hex');
}

export function encodeSnapshot(state: State, shape: string): string {
	return JSON.stringify({ format: FORMAT, shape, state: stored(state) }, replacer);
}

/**
 * The store a snapshot holds, or why it cannot be used: another format, or records of another shape
 * than `shape` (the seeded store's today).
 */
export function decodeSnapshot(
	text: string,
	shape: string,
	now: () => number,
): State | { refused: string } {
	const parsed = JSON.parse(text, reviver) as {
		format?: unknown;
		shape?: unknown;
		state?: unknown;
	};
	if (parsed.format !== FORMAT || typeof parsed.state !== 'object' || parsed.state === null)
		return { refused: `not a sandbox state of format ${FORMAT}` };
	if (parsed.shape !== shape)
		return { refused: 'the sandbox’s records have changed shape since it was saved' };
	const state = new State(now);
	const fields = parsed.state as Record<string, unknown>;
	for (const key of Object.keys(stored(state)))
		if (key in fields) (state as unknown as Record<string, unknown>)[key] = fields[key];
	const lists = [...state.conversations.entries()];
	state.conversations = new Map(lists.map(([userId]) => [userId, []]));
	for (const conversation of lists.flatMap(([, list]) => list).sort((a, b) => a.seq - b.seq))
		state.indexConversation(conversation);
	return state;
}
