/** Records a user may address: another user's id answers like an unknown one. */
import type { Sandbox } from '../model/sandbox';
import type { Assistant } from '../model/assistants';
import type { User } from '../model/accounts';
import { isId } from './validation';

/** The record under a path or body id (a plain whole number, as text or number), if any. */
export function recordById<T>(records: Map<number, T>, id: unknown): T | undefined {
	if (typeof id === 'number') return records.get(id);
	return isId(id) ? records.get(Number(id)) : undefined;
}

export function ownedAssistant(sb: Sandbox, user: User, id: unknown): Assistant | undefined {
	const a = recordById(sb.state.assistants, id);
	return a && a.user_id === user.id ? a : undefined;
}

/** A seeded user by name (alice, bob), for the controls. */
export function userByKey(sb: Sandbox, k: string): User | undefined {
	return k === 'alice' || k === 'bob' ? sb.state.users.get(k) : undefined;
}
