import type { INodeProperties } from 'n8n-workflow';

import * as createFromFile from './createFromFile.operation';
import * as createFromWebsite from './createFromWebsite.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import type { ResourceModule } from '../types';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['document'] } },
	options: [
		{
			name: 'Create From File',
			value: 'createFromFile',
			action: 'Create a document from a file',
			description:
				'Upload a PDF, TXT or DOCX file (max 20 MB, from a binary field of the input item) into a knowledge base. Returns at once with status "processing"; use Get to see when it becomes "active".',
		},
		{
			name: 'Create From Website',
			value: 'createFromWebsite',
			action: 'Create a document from a website',
			description:
				'Add web pages to a knowledge base: a main URL (following up to 1–50 relative links) and/or a list of specific links. Returns at once with status "processing".',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a document',
			description: 'Read one document of a knowledge base, including its processing status (processing, active, failed)',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many documents',
			description: 'List the documents of a knowledge base with their type and processing status, one item per document',
		},
	],
	default: 'getAll',
};

export const document: ResourceModule = {
	description: [operationProperty, ...createFromWebsite.description, ...createFromFile.description, ...getAll.description, ...get.description],
	operations: { createFromFile, createFromWebsite, get, getAll },
};
