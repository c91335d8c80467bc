import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { famulorApiRequest } from '../../../shared/transport';
import { checkId, checkMaxLength, checkRange, checkUrl, invalid, requireText } from '../../validation';
import { locatorValue } from '../common';
import type { OperationResult } from '../types';
import { MAX_TEXT_LENGTH, descriptionOption, documentPath, knowledgeBaseProperty, nameProperty } from './common';

const properties: INodeProperties[] = [
	knowledgeBaseProperty,
	nameProperty,
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/faq',
		description: 'Main page to scrape; relative links found on it are followed. Required unless Links are given.',
	},
	{
		displayName: 'Links',
		name: 'links',
		type: 'string',
		typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Link' },
		default: [],
		placeholder: 'https://example.com/pricing',
		description: 'Specific pages to scrape. Required unless a URL is given.',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			descriptionOption,
			{
				displayName: 'Relative Links Limit',
				name: 'relativeLinksLimit',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 50 },
				default: 10,
				description: 'How many relative links to follow from the URL, 1 to 50 (the service uses 10 when not set)',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['document'], operation: ['createFromWebsite'] } }, properties);

/** Links as a list, also when an expression gave one text with several URLs separated by commas or new lines. */
function linkList(value: unknown): unknown[] {
	if (Array.isArray(value)) return value.filter((link) => String(link ?? '').trim() !== '');
	return String(value ?? '')
		.split(/[\n,]/)
		.map((link) => link.trim())
		.filter((link) => link !== '');
}

/** Adds a website document; the service scrapes it in the background (status `processing`). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult> {
	const knowledgeBaseId = checkId.call(this, itemIndex, { label: 'Knowledge Base', field: 'knowledgebaseId' }, locatorValue.call(this, 'knowledgeBaseId', itemIndex));
	const nameField = { label: 'Name', field: 'name' };
	const name = checkMaxLength.call(this, itemIndex, nameField, requireText.call(this, itemIndex, nameField, this.getNodeParameter('name', itemIndex)), MAX_TEXT_LENGTH);
	const rawUrl = String(this.getNodeParameter('url', itemIndex, '') ?? '').trim();
	const links = linkList(this.getNodeParameter('links', itemIndex, [])).map((link) =>
		checkUrl.call(this, itemIndex, { label: 'Links', field: 'links' }, link),
	);
	if (rawUrl === '' && links.length === 0) {
		throw invalid.call(this, itemIndex, { label: 'URL', field: 'url' }, 'or Links (links) is required: give the main URL, specific links, or both');
	}
	const body: IDataObject = { name, type: 'website' };
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	if (additional.description !== undefined && additional.description !== '') {
		body.description = checkMaxLength.call(this, itemIndex, { label: 'Description', field: 'description' }, String(additional.description), MAX_TEXT_LENGTH);
	}
	if (rawUrl !== '') body.url = checkUrl.call(this, itemIndex, { label: 'URL', field: 'url' }, rawUrl);
	if (links.length > 0) body.links = links;
	if (additional.relativeLinksLimit !== undefined) {
		body.relative_links_limit = checkRange.call(this, itemIndex, { label: 'Relative Links Limit', field: 'relative_links_limit' }, additional.relativeLinksLimit as number, 1, 50, true);
	}
	return await famulorApiRequest.call(this, {
		method: 'POST',
		path: documentPath(knowledgeBaseId),
		body,
		safeToRepeat: false,
		itemIndex,
	});
}
