import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { buildFileForm, famulorApiRequest } from '../../../shared/transport';
import { checkOneOf, requireText } from '../../validation';
import type { OperationResult } from '../types';
import { descriptionOption, documentPath, knowledgeBaseProperty, nameProperty, readDescription, readKnowledgeBaseId, readName } from './common';
import { FILE_TYPES, checkFile, type FileType } from './fileCheck';

const properties: INodeProperties[] = [
	knowledgeBaseProperty,
	nameProperty,
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
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [descriptionOption],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['document'], operation: ['createFromFile'] } }, properties);

/** Uploads a pdf, txt or docx file as multipart; an upload is never repeated on an unclear failure. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult> {
	const knowledgeBaseId = readKnowledgeBaseId.call(this, itemIndex);
	const name = readName.call(this, itemIndex);
	const type = checkOneOf.call(this, itemIndex, { label: 'File Type', field: 'type' }, this.getNodeParameter('fileType', itemIndex), FILE_TYPES) as FileType;
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const description = readDescription.call(this, itemIndex, additional);
	const binaryPropertyName = requireText.call(this, itemIndex, { label: 'Input Binary Field', field: 'file' }, this.getNodeParameter('binaryPropertyName', itemIndex)).trim();
	const binary = this.helpers.assertBinaryData(itemIndex, binaryPropertyName);
	const buffer = await this.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
	const fileName = checkFile.call(this, itemIndex, { label: `File in "${binaryPropertyName}"`, field: 'file' }, type, binary, buffer);
	const form = buildFileForm({ name, description, type }, { field: 'file', binary: { ...binary, fileName }, buffer });
	return await famulorApiRequest.call(this, {
		method: 'POST',
		path: documentPath(knowledgeBaseId),
		body: form,
		safeToRepeat: false,
		itemIndex,
	});
}
