/**
 * Document Processed: a document of a knowledge base left `processing` for `active` or `failed`
 * (https://docs.famulor.de/en/api-reference/knowledgebase/documents/list). With one knowledge base
 * chosen, a poll reads its documents; with none, it reads the knowledge bases list and the documents
 * only of those processing now, changed since the last poll (status, count, update time), or holding
 * a document still watched.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../../shared/transport';
import { comparableTime } from '../decisions';
import { optionalId } from '../filters';
import { bound, type WatchState } from '../state';
import { settle } from './settling';
import type { PollEvent } from './types';

export interface DocumentFilters {
	knowledgeBaseId?: number;
}

const kbNote = (id: unknown) => `kb:${String(id)}`;
const fingerprint = (kb: IDataObject): string =>
	`${String(kb.status)}|${String(kb.documents_count)}|${String(kb.updated_at)}`;

async function documentsOf(ctx: IPollFunctions, knowledgeBaseId: unknown): Promise<IDataObject[]> {
	const answer = await famulorApiRequest.call(ctx, {
		method: 'GET',
		path: `/api/user/knowledgebases/${String(knowledgeBaseId)}/documents`,
	});
	return unwrapList(answer).map((document) => ({
		...document,
		knowledge_base_id: Number(knowledgeBaseId),
	}));
}

/** The documents a poll must read: of the chosen knowledge base, or of those that may have changed. */
async function readDocuments(
	ctx: IPollFunctions,
	filters: DocumentFilters,
	state: WatchState | undefined,
): Promise<IDataObject[]> {
	if (filters.knowledgeBaseId !== undefined) return await documentsOf(ctx, filters.knowledgeBaseId);
	const knowledgeBases = unwrapList(
		await famulorApiRequest.call(ctx, { method: 'GET', path: '/api/user/knowledgebases' }),
	);
	const watchedIn = new Set(Object.values(state?.tracked ?? {}).map(String));
	const documents: IDataObject[] = [];
	for (const kb of knowledgeBases) {
		const mayHaveChanged =
			state === undefined ||
			kb.status === 'processing' ||
			watchedIn.has(String(kb.id)) ||
			state.notes[kbNote(kb.id)] !== fingerprint(kb);
		if (!mayHaveChanged) continue;
		documents.push(...(await documentsOf(ctx, kb.id)));
		// Remembered only once its documents were read, so a failed read is read again next poll.
		if (state) state.notes[kbNote(kb.id)] = fingerprint(kb);
	}
	return documents;
}

const processed = (document: IDataObject): boolean => document.status !== 'processing';

export const documentProcessed: PollEvent<DocumentFilters> = {
	readFilters(ctx) {
		return { knowledgeBaseId: optionalId(ctx, 'knowledgeBaseId', 'Knowledge Base') };
	},
	async poll(ctx, filters, state, phase) {
		const documents = await readDocuments(ctx, filters, state);
		const settled = settle(documents, state, phase, {
			settled: processed,
			remember: (document) => String(document.knowledge_base_id),
		});
		bound(state);
		return { items: settled };
	},
	async sample(ctx, filters) {
		return (await readDocuments(ctx, filters, undefined))
			.filter(processed)
			.sort((a, b) => comparableTime(a.updated_at).localeCompare(comparableTime(b.updated_at)))
			.pop();
	},
	noneYet:
		'No document of the chosen knowledge bases has finished processing yet. Add a document, then fetch again.',
};
