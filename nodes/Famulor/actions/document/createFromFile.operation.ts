import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { buildFileForm } from '../../../shared/transport';
import { checkOneOf } from '../../validation';
import { readDescription, readKnowledgeBaseId, readName } from './common';
import { FILE_TYPES, checkFile, readBinaryPropertyName, type FileType } from './fileCheck';
import * as newDocument from './newDocument';

/** What the file source adds between the document's name and version 2's wait. */
const fileFields: INodeProperties[] = [
	{
		displayName: 'File Type',
		name: 'fileType',
		type: 'options',
		options: [
			{ name: 'DOCX (Word)', value: 'docx' },
			{ name: 'PDF', value: 'pdf' },
			{ name: 'TXT (Plain Text, UTF-8)', value: 'txt' },
		],
		default: 'pdf',
		description: 'Type of the file; the file must match it by name and content',
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field containing the file to upload (max 20 MB)',
		description: 'Name of the binary property of the input item that holds the file',
	},
];

interface UploadPlan extends newDocument.Target {
	fields: Record<string, string | undefined>;
	binaryPropertyName: string;
	fileName: string;
}

/**
 * Reads the file to check its size, type and content; the bytes are read again when sending, so
 * a long run holds one file at a time.
 */
async function plan(this: IExecuteFunctions, itemIndex: number): Promise<UploadPlan> {
	const knowledgeBaseId = readKnowledgeBaseId.call(this, itemIndex);
	const name = readName.call(this, itemIndex);
	const type = checkOneOf.call(
		this,
		itemIndex,
		{ label: 'File Type', field: 'type' },
		this.getNodeParameter('fileType', itemIndex),
		FILE_TYPES,
	) as FileType;
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const description = readDescription.call(this, itemIndex, additional);
	const binaryPropertyName = readBinaryPropertyName.call(this, itemIndex);
	const binary = this.helpers.assertBinaryData(itemIndex, binaryPropertyName);
	const buffer = await this.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
	const fileName = checkFile.call(
		this,
		itemIndex,
		{ label: `File in "${binaryPropertyName}"`, field: 'file' },
		type,
		binary,
		buffer,
	);
	return {
		fields: { name, description, type },
		binaryPropertyName,
		fileName,
		...newDocument.targetIn(knowledgeBaseId),
	};
}

/** The file, read again from the item, as multipart. */
async function payload(
	this: IExecuteFunctions,
	plan: UploadPlan,
	itemIndex: number,
): Promise<FormData> {
	const binary = this.helpers.assertBinaryData(itemIndex, plan.binaryPropertyName);
	const buffer = await this.helpers.getBinaryDataBuffer(itemIndex, plan.binaryPropertyName);
	return buildFileForm(plan.fields, {
		field: 'file',
		binary: { ...binary, fileName: plan.fileName },
		buffer,
	});
}

/**
 * Uploads a pdf, txt or docx file as multipart; an upload is sent once, never repeated on an unclear
 * failure (newDocument.ts).
 */
export const variant = newDocument.createVariant({
	operation: 'createFromFile',
	fields: fileFields,
	effect: { kind: 'creates', noun: 'document', idFields: ['id'] },
	plan,
	payload,
});

export const { description, effect, prepare, execute } = variant();
