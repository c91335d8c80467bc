import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkRange, checkUrl, invalid } from '../../validation';
import { readDescription, readKnowledgeBaseId, readName } from './common';
import * as newDocument from './newDocument';

/** What the website source adds between the document's name and version 2's wait. */
const websiteFields: INodeProperties[] = [
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/faq',
		description:
			'Main page to scrape; relative links found on it are followed. Required unless Links are given.',
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
];

/** Additional Fields beside the description. */
const websiteOptions: INodeProperties[] = [
	{
		displayName: 'Relative Links Limit',
		name: 'relativeLinksLimit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 50 },
		default: 10,
		description:
			'How many relative links to follow from the URL, 1 to 50 (the service uses 10 when not set)',
	},
];

/** Links as a list, also when an expression gave one text with several URLs separated by commas or new lines. */
function linkList(value: unknown): unknown[] {
	if (Array.isArray(value)) return value.filter((link) => String(link ?? '').trim() !== '');
	return String(value ?? '')
		.split(/[\n,]/)
		.map((link) => link.trim())
		.filter((link) => link !== '');
}

interface CreatePlan extends newDocument.Target {
	body: IDataObject;
}

function plan(this: IExecuteFunctions, itemIndex: number): CreatePlan {
	const knowledgeBaseId = readKnowledgeBaseId.call(this, itemIndex);
	const name = readName.call(this, itemIndex);
	const rawUrl = String(this.getNodeParameter('url', itemIndex, '') ?? '').trim();
	const links = linkList(this.getNodeParameter('links', itemIndex, [])).map((link) =>
		checkUrl.call(this, itemIndex, { label: 'Links', field: 'links' }, link),
	);
	if (rawUrl === '' && links.length === 0) {
		throw invalid.call(
			this,
			itemIndex,
			{ label: 'URL', field: 'url' },
			'or Links (links) is required: give the main URL, specific links, or both',
		);
	}
	const body: IDataObject = { name, type: 'website' };
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const description = readDescription.call(this, itemIndex, additional);
	if (description !== undefined) body.description = description;
	if (rawUrl !== '')
		body.url = checkUrl.call(this, itemIndex, { label: 'URL', field: 'url' }, rawUrl);
	if (links.length > 0) body.links = links;
	if (additional.relativeLinksLimit !== undefined) {
		body.relative_links_limit = checkRange.call(
			this,
			itemIndex,
			{ label: 'Relative Links Limit', field: 'relative_links_limit' },
			additional.relativeLinksLimit,
			1,
			50,
			true,
		);
	}
	return { body, ...newDocument.targetIn(knowledgeBaseId) };
}

/**
 * Adds a website document; the service scrapes it in the background (status `processing`). Sent once
 * (newDocument.ts): the service would crawl and store the website twice.
 */
export const variant = newDocument.createVariant({
	operation: 'createFromWebsite',
	fields: websiteFields,
	options: websiteOptions,
	effect: { kind: 'creates', noun: 'document', idFields: ['id'] },
	plan,
	payload: async ({ body }) => body,
});

export const { description, effect, prepare, execute } = variant();
