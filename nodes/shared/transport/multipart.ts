import type { IBinaryData } from 'n8n-workflow';

/**
 * Builds a multipart/form-data body from text fields and one file. Uses the platform FormData
 * and Blob, so the package needs no runtime dependency.
 */
export function buildFileForm(
	fields: Record<string, string | undefined>,
	file: { field: string; binary: IBinaryData; buffer: Buffer },
): FormData {
	const form = new FormData();
	for (const [name, value] of Object.entries(fields)) {
		if (value !== undefined) form.append(name, value);
	}
	const blob = new Blob([new Uint8Array(file.buffer)], {
		type: file.binary.mimeType || 'application/octet-stream',
	});
	form.append(file.field, blob, file.binary.fileName ?? 'upload');
	return form;
}
