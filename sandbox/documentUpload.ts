/** Document uploads: reading a multipart request into fields and its `file`, and checking the file against its type. */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Body } from './http/input';
import type { UploadSummary } from './http/context';
import type { DocumentRec } from './model/knowledgeBases';

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

/**
 * Reads every part: fields (`name[]` and `name[0]` collect into arrays) and the first `file` part.
 * `summary` receives what the request log shows of the upload.
 */
export async function readUpload(
	req: FastifyRequest,
	summary: UploadSummary,
): Promise<{ fields: Body; file?: UploadedFile }> {
	const fields = summary.fields;
	let file: UploadedFile | undefined;
	for await (const part of req.parts()) {
		if (part.type === 'file') {
			const buf = await part.toBuffer();
			const truncated = part.file.truncated;
			summary.files.push({
				field: part.fieldname,
				filename: part.filename,
				mimetype: part.mimetype,
				size: buf.length,
				sha256: sha256(buf),
			});
			if (part.fieldname === 'file' && !file)
				file = { filename: part.filename, mimetype: part.mimetype, buf, truncated };
		} else {
			const name = part.fieldname.replace(/\[\]$/, '');
			const value = part.value;
			if (part.fieldname.endsWith('[]') || /\[\d+\]$/.test(part.fieldname)) {
				const key = name.replace(/\[\d+\]$/, '');
				const arr = (Array.isArray(fields[key]) ? fields[key] : []) as unknown[];
				arr.push(value);
				fields[key] = arr;
			} else fields[name] = value;
		}
	}
	return { fields: { ...fields }, file };
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
