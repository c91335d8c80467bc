/** Reading a multipart document upload into its fields and its `file` (what the request log shows goes into `summary`). */
import type { FastifyRequest } from 'fastify';
import type { Body } from '../domain/validation';
import type { UploadSummary } from './context';
import { sha256, type UploadedFile } from '../domain/knowledgeBases/documentFiles';

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
