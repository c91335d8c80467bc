/** Uploaded document files: the size limit, their hash, whether the content fits the document type, and their processing. */
import { createHash } from 'node:crypto';
import type { DocumentRec } from '../../model/knowledgeBases';
import type { Sandbox } from '../../model/sandbox';

export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export interface UploadedFile {
	filename: string;
	mimetype: string;
	buf: Buffer;
	truncated: boolean;
}

export function sha256(buf: Buffer): string {
	return createHash('sha256').update(buf).digest('hex');
}

/** Whether a non-empty file's content fits its document type (PDF magic, ZIP magic for docx, UTF-8 text). */
export function contentMatchesType(buf: Buffer, type: DocumentRec['type']): boolean {
	if (type === 'pdf') return buf.subarray(0, 4).toString('latin1') === '%PDF';
	if (type === 'docx')
		return (
			buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04
		);
	try {
		new TextDecoder('utf-8', { fatal: true }).decode(buf);
		return !buf.includes(0);
	} catch {
		return false;
	}
}

/** A new document is processed for the sandbox's processing time, then active (or failed, for an empty file). */
export function processDocument(sb: Sandbox, doc: DocumentRec): void {
	doc.cancel = sb.schedule(sb.opts.documentProcessingMs, () => {
		doc.cancel = undefined;
		if (doc.status !== 'processing') return;
		doc.status = doc.failOnProcessing ? 'failed' : 'active';
		doc.updated_at = sb.now();
	});
}
