import * as createFromFile from './createFromFile.operation';
import * as createFromFileV2 from './createFromFile.v2.operation';
import * as createFromWebsite from './createFromWebsite.operation';
import * as createFromWebsiteV2 from './createFromWebsite.v2.operation';
import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource in either version, as the Operation dropdown shows it. */
const entries = {
	createFromWebsite: {
		module: createFromWebsite,
		name: 'Create From Website',
		action: 'Create a document from a website',
		description:
			'Add web pages to a knowledge base: a main URL (following up to 1–50 relative links) and/or a list of specific links. Returns at once with status "processing".',
	},
	createFromFile: {
		module: createFromFile,
		name: 'Create From File',
		action: 'Create a document from a file',
		description:
			'Upload a PDF, TXT or DOCX file (max 20 MB, from a binary field of the input item) into a knowledge base. Returns at once with status "processing"; use Get to see when it becomes "active".',
	},
	getAll: {
		module: getAll,
		name: 'Get Many',
		action: 'Get many documents',
		description:
			'List the documents of a knowledge base with their type and processing status, one item per document',
	},
	get: {
		module: get,
		name: 'Get',
		action: 'Get a document',
		description:
			'Read one document of a knowledge base, including its processing status (processing, active, failed)',
	},
	update: {
		module: update,
		name: 'Update',
		action: 'Update a document',
		description:
			'Change the name and/or description of a document (max 255 characters each); its content cannot change (delete it and create it again instead)',
	},
	delete: {
		module: deleteOperation,
		name: 'Delete',
		action: 'Delete a document',
		description:
			'Permanently delete a document of a knowledge base with its processed content; the knowledge base becomes empty after its last document',
	},
} satisfies Record<string, OperationEntry>;

export const document = {
	v1: buildResource('document', 'getAll', {
		createFromWebsite: entries.createFromWebsite,
		createFromFile: entries.createFromFile,
		getAll: entries.getAll,
		get: entries.get,
	}),
	/** The creates can wait until the document is processed. */
	v2: buildResource('document', 'getAll', {
		createFromWebsite: {
			...entries.createFromWebsite,
			module: createFromWebsiteV2,
			description:
				'Add web pages to a knowledge base: a main URL (following up to 1–50 relative links) and/or a list of specific links. Returns at once with status "processing", or with Wait Until Processed the document once it is "active".',
		},
		createFromFile: {
			...entries.createFromFile,
			module: createFromFileV2,
			description:
				'Upload a PDF, TXT or DOCX file (max 20 MB, from a binary field of the input item) into a knowledge base. Returns at once with status "processing", or with Wait Until Processed the document once it is "active".',
		},
		getAll: entries.getAll,
		get: entries.get,
		update: entries.update,
		delete: entries.delete,
	}),
} satisfies VersionedResource;
