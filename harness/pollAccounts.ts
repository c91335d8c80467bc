/**
 * Large accounts for the polling trigger's tests and benchmark: the WhatsApp conversations of an
 * account as a customer's message reaches them, and a deterministic choice among them.
 */
import type { IDataObject } from 'n8n-workflow';

/** A conversation a customer can write in: the sandbox routes a message by sender and customer. */
export interface ReachableConversation {
	uuid: string;
	customerPhone: string;
	senderId: number;
}

/** Reads a path of the API as alice and returns its JSON. */
export type ApiGet = (path: string) => Promise<IDataObject>;

/**
 * The account's WhatsApp conversations in the list's order, leaving out those that share a sender
 * and customer with another (a message would land in one of them only); `total` counts them all.
 */
export async function reachableConversations(
	get: ApiGet,
): Promise<{ reachable: ReachableConversation[]; total: number }> {
	const senders = (await get('/api/user/whatsapp/senders?status=all')).data as Array<{
		id: number;
		phone_number: string;
	}>;
	const senderOf = new Map(senders.map((sender) => [sender.phone_number, sender.id]));
	const listed: ReachableConversation[] = [];
	let cursor: string | null = null;
	do {
		const query: string = cursor === null ? '' : `&cursor=${cursor}`;
		const page = await get(`/api/user/conversations?type=whatsapp&per_page=100${query}`);
		for (const record of page.data as IDataObject[]) {
			const customer = record.customer as { phone: string };
			const sender = record.whatsapp_sender as { phone: string };
			listed.push({
				uuid: String(record.id),
				customerPhone: customer.phone,
				senderId: senderOf.get(sender.phone) as number,
			});
		}
		cursor = page.next_cursor as string | null;
	} while (cursor !== null);
	const pair = (c: ReachableConversation) => `${c.senderId}|${c.customerPhone}`;
	const counts = new Map<string, number>();
	for (const c of listed) counts.set(pair(c), (counts.get(pair(c)) ?? 0) + 1);
	return { reachable: listed.filter((c) => counts.get(pair(c)) === 1), total: listed.length };
}

/** `count` of `items`, shuffled by a seeded generator: the same choice every run. */
export function seededPick<T>(items: T[], count: number, seed: number): T[] {
	let state = seed;
	const random = () => {
		state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
		return state / 2_147_483_648;
	};
	const pool = [...items];
	for (let i = pool.length - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1));
		[pool[i], pool[j]] = [pool[j], pool[i]];
	}
	return pool.slice(0, count);
}
