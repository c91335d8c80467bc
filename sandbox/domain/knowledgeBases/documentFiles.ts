/** Uploaded document files: the size limit, their hash, and whether the content fits the document type. */
import { createHash } from 'node:crypto';
import type { DocumentRec } from '../../model/knowledgeBases';

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
