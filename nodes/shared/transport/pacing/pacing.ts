import { AccountBudget } from './accountBudget';
import type { RateLimit } from '../credentials';

const accounts = new Map<string, AccountBudget>();

/**
 * The one pacer of a token (`key`) with its configured windows in this n8n process, shared by every
 * execution that uses them.
 */
export function accountFor(key: string, limits: readonly RateLimit[]): AccountBudget {
	const id = `${key}|${limits.map((limit) => `${limit.limit}/${limit.windowMs}`).join(',')}`;
	let account = accounts.get(id);
	if (!account) accounts.set(id, (account = new AccountBudget(limits)));
	return account;
}
