/**
 * How a new document leaves `processing`: the service answers the create at once and processes in the
 * background (https://docs.famulor.de/en/api-reference/knowledgebases/create-document); the sandbox
 * turns it `active` (or `failed`) after a delay on its clock. The delay and documents that are to fail
 * can be set at run time (`/__sandbox/document-processing`); a reset restores the started options.
 */
import type { DocumentRec } from '../../model/knowledgeBases';
import type { Sandbox } from '../../model/sandbox';

/** What the control shows and sets: the delay of documents created from now on, and how many of them fail. */
export interface DocumentProcessing {
	delayMs: number;
	failNext: number;
}

export function documentProcessing(sb: Sandbox): DocumentProcessing {
	const settings = sb.state.documentProcessing;
	return { delayMs: settings.delayMs ?? sb.opts.documentProcessingMs, failNext: settings.failNext };
}

export function setDocumentProcessing(sb: Sandbox, change: Partial<DocumentProcessing>): void {
	const settings = sb.state.documentProcessing;
	if (change.delayMs !== undefined) settings.delayMs = change.delayMs;
	if (change.failNext !== undefined) settings.failNext = change.failNext;
}

/** Schedules the end of a new document's processing; an empty file, or one of the next `failNext`, fails. */
export function startProcessing(sb: Sandbox, doc: DocumentRec): void {
	const settings = sb.state.documentProcessing;
	if (settings.failNext > 0) {
		settings.failNext -= 1;
		doc.failOnProcessing = true;
	}
	finishProcessingLater(sb, doc);
}

/** Ends a document's processing after the current delay: `active`, or `failed` where it is to fail (also after a restart). */
export function finishProcessingLater(sb: Sandbox, doc: DocumentRec): void {
	doc.cancel = sb.schedule(documentProcessing(sb).delayMs, () => {
		doc.cancel = undefined;
		if (doc.status !== 'processing') return;
		doc.status = doc.failOnProcessing ? 'failed' : 'active';
		doc.updated_at = sb.now();
	});
}
