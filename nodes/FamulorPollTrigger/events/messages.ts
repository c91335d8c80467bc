/**
 * New WhatsApp Message and New Chat Message: the conversations list shows each conversation's
 * `message_count` and `updated_at` (https://docs.famulor.de/en/api-reference/conversations/list);
 * a conversation whose count grew is read with GET /api/conversations/{uuid}, whose history runs
 * oldest first (https://docs.famulor.de/en/api-reference/chat/get-conversation), and its customer
 * (`user`) messages from the remembered count on are emitted.
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IPollFunctions,
} from 'n8n-workflow';

import { asNodeError, famulorApiRequest, unwrapList } from '../../shared/transport';
import {
	MAX_HISTORIES_PER_POLL,
	MAX_TRACKED_RECORDS,
	POLL_PAGE_SIZE,
	SAMPLE_HISTORIES,
} from '../constants';
import { comparableTime, type ConversationVerdict } from '../decisions';
import { count, judge } from './conversationJudge';
import { newestUpdate, optionalId, sweepBudget } from '../filters';
import { readSweep } from '../listing';
import { advanceSweep, firstSweep } from '../sweep';
import { bound, emptyState, track, type WatchState } from '../state';
import type { PollEvent, PollOutcome } from './types';

export interface MessageFilters {
	type: 'whatsapp' | 'widget';
	assistantId?: number;
	senderId?: number;
	onlyWhileAiOff: boolean;
}

interface HistoryEntry {
	role?: string;
	content?: unknown;
}

const SENDER_PHONE_NOTE = 'senderPhone';
const senderNote = (phone: string) => `sender:${phone}`;

async function senders(ctx: IPollFunctions): Promise<IDataObject[]> {
	return unwrapList(
		await famulorApiRequest.call(ctx, {
			method: 'GET',
			path: '/api/user/whatsapp/senders',
			qs: { status: 'all' },
		}),
	);
}

/** The list filter for the chosen sender: the API filters by the sender's phone number. */
async function senderPhone(
	ctx: IPollFunctions,
	state: WatchState,
	senderId: number,
): Promise<string> {
	const known = state.notes[SENDER_PHONE_NOTE];
	if (known) return known;
	const sender = (await senders(ctx)).find((record) => Number(record.id) === senderId);
	if (!sender || typeof sender.phone_number !== 'string')
		throw new NodeOperationError(
			ctx.getNode(),
			`Sender: no WhatsApp sender with ID ${senderId} in this Famulor account`,
		);
	state.notes[SENDER_PHONE_NOTE] = sender.phone_number;
	state.notes[senderNote(sender.phone_number)] = String(sender.id);
	return sender.phone_number;
}

/** The senders' IDs by phone, read once per poll that emits a WhatsApp sender not yet known. */
async function learnSenderIds(
	ctx: IPollFunctions,
	state: WatchState,
	phones: string[],
): Promise<void> {
	if (phones.every((phone) => state.notes[senderNote(phone)] !== undefined)) return;
	for (const sender of await senders(ctx))
		if (typeof sender.phone_number === 'string')
			state.notes[senderNote(sender.phone_number)] = String(sender.id);
}

function listQuery(filters: MessageFilters, phone: string | undefined): IDataObject {
	return {
		type: filters.type,
		...(filters.assistantId === undefined ? {} : { assistant_id: filters.assistantId }),
		...(phone === undefined ? {} : { whatsapp_sender_phone: phone }),
	};
}

async function history(ctx: IPollFunctions, uuid: string): Promise<HistoryEntry[] | undefined> {
	try {
		const answer = await famulorApiRequest.call(ctx, {
			method: 'GET',
			path: `/api/conversations/${encodeURIComponent(uuid)}`,
		});
		return Array.isArray(answer.history) ? (answer.history as HistoryEntry[]) : [];
	} catch (error) {
		// Deleted since the list was read: nothing to emit, nothing to wait for.
		if (error instanceof NodeApiError && String(error.httpCode) === '404') return undefined;
		throw asNodeError(ctx.getNode(), error);
	}
}

/** One item per customer message, with what Send Free-Form, Session Status and Enable/Disable AI take. */
function messageItem(
	conversation: IDataObject,
	entry: HistoryEntry,
	index: number,
	state: WatchState,
	latestOnly: boolean,
): IDataObject {
	const customer = (conversation.customer ?? null) as IDataObject | null;
	const sender = (conversation.whatsapp_sender ?? null) as IDataObject | null;
	const senderPhoneText = typeof sender?.phone === 'string' ? sender.phone : undefined;
	const senderId = senderPhoneText ? Number(state.notes[senderNote(senderPhoneText)]) : NaN;
	return {
		conversation_id: conversation.id,
		type: conversation.type,
		message: (entry.content ?? null) as IDataObject[string],
		message_index: index,
		// The service gives no time per message: this one was received at or before this.
		conversation_updated_at: conversation.updated_at,
		...(conversation.type === 'whatsapp'
			? {
					sender_id: Number.isNaN(senderId) ? null : senderId,
					customer_phone: customer?.phone ?? null,
					customer_name: customer?.name ?? null,
					whatsapp_sender: { ...sender, id: Number.isNaN(senderId) ? null : senderId },
					customer,
				}
			: {}),
		assistant_id: conversation.assistant_id,
		assistant_name: conversation.assistant_name,
		ai_enabled: conversation.ai_enabled,
		...(latestOnly ? { earlier_messages_unknown: true } : {}),
	};
}

/** The customer messages a verdict asks for, with their positions in the history. */
function newMessages(
	entries: HistoryEntry[],
	verdict: ConversationVerdict,
): Array<{ entry: HistoryEntry; index: number }> {
	const customer = entries
		.map((entry, index) => ({ entry, index }))
		.filter(({ entry }) => entry.role === 'user');
	if (verdict.kind === 'latest') return customer.slice(-1);
	return verdict.kind === 'read' ? customer.filter(({ index }) => index >= verdict.from) : [];
}

const CONVERSATIONS_PATH = '/api/user/conversations';

async function poll(
	ctx: IPollFunctions,
	filters: MessageFilters,
	state: WatchState,
	phase: 'baseline' | 'watch',
): Promise<PollOutcome> {
	const phone =
		filters.senderId === undefined ? undefined : await senderPhone(ctx, state, filters.senderId);
	const list = {
		path: CONVERSATIONS_PATH,
		qs: listQuery(filters, phone),
		paging: 'cursor' as const,
	};
	const read = await readSweep(ctx, list, state.sweep, sweepBudget(ctx, phase, state.sweep));
	// The quiet first poll learns the list: the newest update anywhere is where the records it does
	// not remember are known until, once it has seen them all (sweep.ts, firstSweep).
	const mark = newestUpdate(read.records, state.mark);
	if (phase === 'baseline') state.sweep = firstSweep(read.step, mark);
	const { changed, forgettable: passed } = judge(state, read.records, phase === 'baseline');
	// Oldest change first, so conversations come out in the order they were written to.
	changed.sort((a, b) =>
		comparableTime(a.conversation.updated_at).localeCompare(
			comparableTime(b.conversation.updated_at),
		),
	);
	const items: IDataObject[] = [];
	let failure: Error | undefined;
	const reading = changed.slice(0, MAX_HISTORIES_PER_POLL);
	if (filters.type === 'whatsapp' && reading.length > 0) {
		const phones = reading.map(
			({ conversation }) => (conversation.whatsapp_sender as IDataObject | undefined)?.phone,
		);
		await learnSenderIds(
			ctx,
			state,
			phones.filter((p): p is string => typeof p === 'string'),
		);
	}
	for (const { conversation, verdict } of reading) {
		let entries: HistoryEntry[] | undefined;
		try {
			entries = await history(ctx, String(conversation.id));
		} catch (error) {
			failure = error as Error;
			break;
		}
		const emit = !filters.onlyWhileAiOff || conversation.ai_enabled === false;
		if (entries && emit)
			for (const { entry, index } of newMessages(entries, verdict))
				items.push(messageItem(conversation, entry, index, state, verdict.kind === 'latest'));
		track(state, String(conversation.id), Math.max(count(conversation), entries?.length ?? 0));
	}
	state.mark = mark;
	// The sweep moves on only when every change it passed was read; otherwise its pages are read again.
	const complete = failure === undefined && reading.length === changed.length;
	if (complete && phase === 'watch') state.sweep = advanceSweep(state.sweep, read.step, mark);
	bound(state, MAX_TRACKED_RECORDS, passed);
	const left = changed.length - reading.length;
	return {
		items,
		failure,
		beyondHorizon: left > 0 ? `${left} changed conversations wait for the next poll` : undefined,
	};
}

async function sample(
	ctx: IPollFunctions,
	filters: MessageFilters,
): Promise<IDataObject | undefined> {
	const state = emptyState('');
	const phone =
		filters.senderId === undefined ? undefined : await senderPhone(ctx, state, filters.senderId);
	const answer = await famulorApiRequest.call(ctx, {
		method: 'GET',
		path: CONVERSATIONS_PATH,
		qs: { ...listQuery(filters, phone), per_page: POLL_PAGE_SIZE },
	});
	const candidates = unwrapList(answer)
		.filter((c) => count(c) > 0 && (!filters.onlyWhileAiOff || c.ai_enabled === false))
		.sort((a, b) => comparableTime(b.updated_at).localeCompare(comparableTime(a.updated_at)))
		.slice(0, SAMPLE_HISTORIES);
	for (const conversation of candidates) {
		const entries = await history(ctx, String(conversation.id));
		const latest = entries ? newMessages(entries, { kind: 'latest' })[0] : undefined;
		if (!latest) continue;
		if (filters.type === 'whatsapp') {
			const p = (conversation.whatsapp_sender as IDataObject | undefined)?.phone;
			await learnSenderIds(ctx, state, typeof p === 'string' ? [p] : []);
		}
		return messageItem(conversation, latest.entry, latest.index, state, false);
	}
	return undefined;
}

function messageEvent(type: MessageFilters['type'], noneYet: string): PollEvent<MessageFilters> {
	return {
		readFilters(ctx) {
			return {
				type,
				assistantId: optionalId(ctx, 'assistantId', 'Assistant'),
				senderId: type === 'whatsapp' ? optionalId(ctx, 'senderId', 'Sender') : undefined,
				onlyWhileAiOff: ctx.getNodeParameter('onlyWhileAiOff', false) as boolean,
			};
		},
		poll,
		sample,
		noneYet,
	};
}

export const newWhatsAppMessage = messageEvent(
	'whatsapp',
	'No customer has written in a WhatsApp conversation that matches these filters yet. Have a customer write to your sender, then fetch again.',
);

export const newChatMessage = messageEvent(
	'widget',
	'No customer has written in a web-widget chat that matches these filters yet. Write in the chat widget, then fetch again.',
);
