import { isSafeObjectProperty, type IBinaryData, type IExecuteFunctions } from 'n8n-workflow';

import { invalid, requireText, type FieldName } from '../../validation';

export type FileType = 'pdf' | 'txt' | 'docx';

export const FILE_TYPES: readonly FileType[] = ['pdf', 'txt', 'docx'];

/**
 * the seed specification (the API docs of February 2026): max 20 MB (Laravel counts kilobytes,
 * so 20 × 1024 × 1024 bytes).
 */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

const MIME_TYPES: Record<FileType, string[]> = {
	pdf: ['application/pdf', 'application/x-pdf'],
	txt: ['text/plain'],
	// Some servers label Office files as plain ZIP; the content check still requires word/document.xml.
	docx: [
		'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
		'application/zip',
		'application/x-zip-compressed',
	],
};

/** Mime types that say nothing about the content, so they neither confirm nor contradict the type. */
const GENERIC_MIME_TYPES = [
	'',
	'application/octet-stream',
	'binary/octet-stream',
	'application/binary',
];

function extensionOf(binary: IBinaryData): string | undefined {
	const fromName = /\.([A-Za-z0-9]+)$/.exec(binary.fileName ?? '')?.[1];
	return (fromName ?? binary.fileExtension ?? '').toLowerCase() || undefined;
}

function mimeOf(binary: IBinaryData): string {
	return (binary.mimeType ?? '').split(';')[0].trim().toLowerCase();
}

function startsWith(buffer: Buffer, signature: string): boolean {
	return buffer.subarray(0, signature.length).equals(Buffer.from(signature, 'latin1'));
}

function isUtf8(buffer: Buffer): boolean {
	try {
		new TextDecoder('utf-8', { fatal: true }).decode(buffer);
		return true;
	} catch {
		return false;
	}
}

/** What the content itself says: the PDF signature, a ZIP holding a Word document, or UTF-8 text. */
function contentProblem(type: FileType, buffer: Buffer): string | undefined {
	if (type === 'pdf' && !startsWith(buffer, '%PDF'))
		return 'does not start with %PDF, so it is not a PDF file';
	if (type === 'docx') {
		if (!startsWith(buffer, 'PK\x03\x04'))
			return 'is not a ZIP container, so it is not a DOCX file';
		// Entry names in a ZIP are stored uncompressed; every Word document has word/document.xml.
		if (!buffer.includes('word/document.xml', 0, 'latin1'))
			return 'is a ZIP file without word/document.xml, so it is not a Word (DOCX) document';
	}
	if (type === 'txt' && (!isUtf8(buffer) || buffer.includes(0))) return 'is not valid UTF-8 text';
	return undefined;
}

/**
 * The file must be non-empty, at most 20 MB and of the chosen type by name, mime type and content.
 * Returns the file name to send, with the type's extension added when the name has none.
 */
export function checkFile(
	this: IExecuteFunctions,
	itemIndex: number,
	name: FieldName,
	type: FileType,
	binary: IBinaryData,
	buffer: Buffer,
): string {
	if (buffer.length === 0) throw invalid.call(this, itemIndex, name, 'is empty');
	if (buffer.length > MAX_FILE_BYTES) {
		throw invalid.call(
			this,
			itemIndex,
			name,
			`must be at most 20 MB, got ${(buffer.length / 1024 / 1024).toFixed(1)} MB`,
		);
	}
	const extension = extensionOf(binary);
	if (extension !== undefined && extension !== type) {
		throw invalid.call(
			this,
			itemIndex,
			name,
			`must be a .${type} file as chosen in File Type, got a .${extension} file ("${binary.fileName ?? ''}")`,
		);
	}
	const mime = mimeOf(binary);
	if (!GENERIC_MIME_TYPES.includes(mime) && !MIME_TYPES[type].includes(mime)) {
		throw invalid.call(
			this,
			itemIndex,
			name,
			`must be a ${type} file as chosen in File Type, got mime type ${mime}`,
		);
	}
	const problem = contentProblem(type, buffer);
	if (problem) throw invalid.call(this, itemIndex, name, `${problem} (File Type is ${type})`);
	const fileName = binary.fileName?.trim() || `document.${type}`;
	return extension === undefined ? `${fileName}.${type}` : fileName;
}

/**
 * The name of the input's binary field holding the file. Names every object answers to (`__proto__`,
 * `constructor`, `toString`, `hasOwnProperty`, `valueOf`, …) are refused here: n8n looks the field up
 * on a plain object, where they name one of its methods instead of a file.
 */
export function readBinaryPropertyName(this: IExecuteFunctions, itemIndex: number): string {
	const name = { label: 'Input Binary Field', field: 'file' };
	const value = requireText
		.call(this, itemIndex, name, this.getNodeParameter('binaryPropertyName', itemIndex))
		.trim();
	if (!isSafeObjectProperty(value) || value in Object.prototype)
		throw invalid.call(
			this,
			itemIndex,
			name,
			`must be the name of a binary field of the input item, such as "data"; "${value}" cannot be one`,
		);
	return value;
}
