import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { buildFileForm, famulorApiRequest } from '../../../shared/transport';
import { checkOneOf } from '../../validation';
import type { OperationEffect, OperationResult } from '../types';
import {
	descriptionOption,
	documentPath,
	knowledgeBaseProperty,
	nameProperty,
	readDescription,
	readKnowledgeBaseId,
	readName,
} from './common';
import { FILE_TYPES, checkFile, readBinaryPropertyName, type FileType } from './fileCheck';
import { outputOfCreated, readWaitPlan, type WaitPlan } from './waitUntilProcessed';

export const properties = (wait: INodeProperties[]): INodeProperties[] => [
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
	...wait,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [descriptionOption],
	},
];

export const shown = { show: { resource: ['document'], operation: ['createFromFile'] } };

export const description = updateDisplayOptions(shown, properties([]));

/** Uploads a pdf, txt or docx file as multipart; an upload is never repeated on an unclear failure. */
export const effect: OperationEffect = { kind: 'creates', noun: 'document', idFields: ['id'] };

interface UploadPlan {
	knowledgeBaseId: number;
	path: string;
	fields: Record<string, string | undefined>;
	binaryPropertyName: string;
	fileName: string;
	wait?: WaitPlan;
}

/** Reads the file to check its size, type and content; the bytes are read again when sending, so a long run holds one file at a time. */
export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<UploadPlan> {
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
		knowledgeBaseId,
		path: documentPath(knowledgeBaseId),
		fields: { name, description, type },
		binaryPropertyName,
		fileName,
		wait: readWaitPlan.call(this, itemIndex),
	};
}

/**
 * Not repeated on an unclear failure: the document would be stored twice. A wait after it only reads,
 * and n8n's Retry On Fail gets the upload's remembered answer instead of uploading again.
 */
export async function execute(
	this: IExecuteFunctions,
	plan: UploadPlan,
	itemIndex: number,
): Promise<OperationResult> {
	const binary = this.helpers.assertBinaryData(itemIndex, plan.binaryPropertyName);
	const buffer = await this.helpers.getBinaryDataBuffer(itemIndex, plan.binaryPropertyName);
	const form = buildFileForm(plan.fields, {
		field: 'file',
		binary: { ...binary, fileName: plan.fileName },
		buffer,
	});
	const answer = await famulorApiRequest.call(this, {
		method: 'POST',
		path: plan.path,
		body: form,
		safeToRepeat: false,
		itemIndex,
	});
	return await outputOfCreated.call(this, answer, plan.knowledgeBaseId, plan.wait, itemIndex);
}
