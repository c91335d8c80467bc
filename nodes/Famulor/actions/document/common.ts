import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { knowledgeBaseLocator } from '../../../shared/descriptions';
import { checkMaxLength } from '../../validation';
import { checkName, readLocatorId } from '../common';

export const MAX_TEXT_LENGTH = 255;

export const knowledgeBaseProperty: INodeProperties = knowledgeBaseLocator(
	'knowledgeBaseId',
	'The knowledge base the document belongs to',
);

export function documentPath(knowledgeBaseId: number, documentId?: number): string {
	const base = `/api/user/knowledgebases/${knowledgeBaseId}/documents`;
	return documentId === undefined ? base : `${base}/${documentId}`;
}

export const nameProperty: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	required: true,
	default: '',
	description: `Name of the document, at most ${MAX_TEXT_LENGTH} characters`,
};

export const descriptionOption: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	description: `What the document is about, at most ${MAX_TEXT_LENGTH} characters`,
};

/** The checked ID of the knowledge base (path parameter `knowledgebaseId`). */
export function readKnowledgeBaseId(this: IExecuteFunctions, itemIndex: number): number {
	return readLocatorId.call(this, itemIndex, 'knowledgeBaseId', {
		label: 'Knowledge Base',
		field: 'knowledgebaseId',
	});
}

/** The checked Name of a new document. */
export function readName(this: IExecuteFunctions, itemIndex: number): string {
	return checkName.call(this, itemIndex, this.getNodeParameter('name', itemIndex), MAX_TEXT_LENGTH);
}

/** The checked Description from Additional Fields; undefined when not given or empty. */
export function readDescription(
	this: IExecuteFunctions,
	itemIndex: number,
	additional: IDataObject,
): string | undefined {
	if (additional.description === undefined || additional.description === '') return undefined;
	return checkMaxLength.call(
		this,
		itemIndex,
		{ label: 'Description', field: 'description' },
		String(additional.description),
		MAX_TEXT_LENGTH,
	);
}

/** The checked ID of the document chosen in the `documentId` resource locator (path parameter `documentId`). */
export function readDocumentId(this: IExecuteFunctions, itemIndex: number): number {
	return readLocatorId.call(this, itemIndex, 'documentId', {
		label: 'Document',
		field: 'documentId',
	});
}
