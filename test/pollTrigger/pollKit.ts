/**
 * Set-up of the polling trigger suites: the node kit's sandbox (reset before each test) and the
 * trigger through n8n-core's PollContext with n8n's saving of static data (harness/pollEngine.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { createPollHarness, type PollHarness } from '../../harness/pollEngine';
import { useKit, type Kit } from '../node/kit';

export interface PollKit {
	kit: Kit;
	trigger(parameters: INodeParameters): PollHarness;
	/** A customer's WhatsApp message to sender 71 (or another), through the sandbox's control. */
	whatsApp(
		text: string,
		customer?: { phone: string; name?: string },
		senderId?: number,
	): Promise<string>;
	/** A visitor's message in the web widget of assistant 104, or in a given widget conversation. */
	chat(text: string, conversationId?: string): Promise<string>;
	/**
	 * `count` bulk WhatsApp conversations of alice, then the clock a minute on, so that what follows
	 * is not in their second.
	 */
	seedWhatsApp(count: number): Promise<void>;
	/** API requests the sandbox received since the last call. */
	takeRequests(): Promise<Array<{ method: string; path: string; query: IDataObject }>>;
	clearFaults(): Promise<void>;
}

export const NEW_CUSTOMER = { phone: '+4917655500001', name: 'Nora Neu' };

export function usePollKit(): () => PollKit {
	const kit = useKit({ callDurationMs: 0 });
	// Each test starts on real timers, whatever the one before left (../helpers/drivenClock.ts).
	beforeEach(() => jest.useRealTimers());
	return () => ({
		kit: kit(),
		trigger: (parameters) => createPollHarness(parameters, kit().credentials),
		async whatsApp(
			text,
			customer = SEED.alice.openWindowCustomer,
			senderId = SEED.alice.senders.online,
		) {
			const answer = await kit().control<{ conversation_uuid: string }>(
				'POST',
				'/whatsapp/inbound',
				{
					sender_id: senderId,
					customer_phone: customer.phone,
					customer_name: customer.name,
					message: text,
				},
			);
			return answer.conversation_uuid;
		},
		async chat(text, conversationId) {
			const answer = await kit().control<{ conversation_id: string }>('POST', '/chat/inbound', {
				...(conversationId
					? { conversation_id: conversationId }
					: { assistant_id: SEED.alice.chatAssistantId }),
				message: text,
			});
			return answer.conversation_id;
		},
		async seedWhatsApp(count) {
			await kit().control('POST', '/conversations/seed', {
				user: 'alice',
				count,
				type: 'whatsapp',
			});
			await kit().control('POST', '/clock/advance', { ms: 60_000 });
		},
		async takeRequests() {
			const requests = await kit().requests();
			await kit().clearRequests();
			return requests.map(({ method, path, query }) => ({
				method,
				path,
				query: query as IDataObject,
			}));
		},
		async clearFaults() {
			await kit().control('DELETE', '/faults');
		},
	});
}

/** A resource locator value by ID, as the editor stores it. */
export const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
