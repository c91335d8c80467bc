import type { INodeProperties } from 'n8n-workflow';

import { knowledgeBaseLocator } from '../../../shared/descriptions';

export const MAX_TEXT_LENGTH = 255;

export const knowledgeBaseProperty: INodeProperties = knowledgeBaseLocator('knowledgeBaseId', 'The knowledge base the document belongs to');

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
