/**
 * What each conversation a poll lists asks for (decisions.ts), and which of them the sweep may
 * forget (sweep.ts), for New WhatsApp Message and New Chat Message (messages.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_TRACKED_RECORDS } from '../constants';
import { comparableTime, conversationVerdict, type ConversationVerdict } from '../decisions';
import { track, type WatchState } from '../state';
import { forgettable } from '../sweep';

/** A listed conversation's `message_count` (https://docs.famulor.de/en/api-reference/conversations/list). */
export const count = (conversation: IDataObject): number => Number(conversation.message_count) || 0;

export interface Judged {
	changed: Array<{ conversation: IDataObject; verdict: ConversationVerdict }>;
	/** Conversations passed unchanged that may be forgotten (sweep.ts). */
	forgettable: Set<string>;
}

/**
 * What each listed conversation asks for; unchanged ones are remembered while there is room, so an
 * account within the bound keeps every count and emits every message exactly.
 */
export function judge(state: WatchState, records: IDataObject[], quiet: boolean): Judged {
	const judged: Judged = { changed: [], forgettable: new Set() };
	const { knownUntil } = state.sweep;
	let remembered = Object.keys(state.tracked).length;
	for (const conversation of records) {
		const uuid = String(conversation.id);
		const known = state.tracked[uuid] as number | undefined;
		const updatedAt = comparableTime(conversation.updated_at);
		const verdict: ConversationVerdict = quiet
			? { kind: 'remember' }
			: conversationVerdict(
					known,
					{
						messageCount: count(conversation),
						createdAt: comparableTime(conversation.created_at),
						updatedAt,
					},
					knownUntil,
				);
		if (verdict.kind !== 'remember') {
			judged.changed.push({ conversation, verdict });
			continue;
		}
		const mayForget = forgettable(updatedAt, knownUntil);
		if (mayForget) judged.forgettable.add(uuid);
		// One not forgettable (updated in knownUntil's second) is remembered even beyond the bound.
		if (known === undefined && mayForget && remembered >= MAX_TRACKED_RECORDS) continue;
		if (known === undefined) remembered++;
		if (known !== count(conversation)) track(state, uuid, count(conversation));
	}
	return judged;
}
