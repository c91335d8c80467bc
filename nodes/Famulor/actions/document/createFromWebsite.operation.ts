import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { famulorApiRequest } from '../../../shared/transport';
import { checkRange, checkUrl, invalid } from '../../validation';
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
import { outputOfCreated, readWaitPlan, type WaitPlan } from './waitUntilProcessed';

export const properties = (wait: INodeProperties[]): INodeProperties[] => [
	knowledgeBaseProperty,
	nameProperty,
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
	...wait,
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
				description:
					'How many relative links to follow from the URL, 1 to 50 (the service uses 10 when not set)',
			},
		],
	},
];

export const shown = { show: { resource: ['document'], operation: ['createFromWebsite'] } };

export const description = updateDisplayOptions(shown, properties([]));

/** Links as a list, also when an expression gave one text with several URLs separated by commas or new lines. */
function linkList(value: unknown): unknown[] {
	if (Array.isArray(value)) return value.filter((link) => String(link ?? '').trim() !== '');
	return String(value ?? '')
		.split(/[\n,]/)
		.map((link) => link.trim())
		.filter((link) => link !== '');
}

/** Adds a website document; the service scrapes it in the background (status `processing`). */
export const effect: OperationEffect = { kind: 'creates', noun: 'document', idFields: ['id'] };

interface CreatePlan {
	knowledgeBaseId: number;
	path: string;
	body: IDataObject;
	wait?: WaitPlan;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): CreatePlan {
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
	return {
		knowledgeBaseId,
		path: documentPath(knowledgeBaseId),
		body,
		wait: readWaitPlan.call(this, itemIndex),
	};
}

/**
 * Not repeated on an unclear failure: the website would be crawled and stored twice. A wait after it
 * only reads, and n8n's Retry On Fail gets the remembered answer instead of creating it again.
 */
export async function execute(
	this: IExecuteFunctions,
	{ knowledgeBaseId, path, body, wait }: CreatePlan,
	itemIndex: number,
): Promise<OperationResult> {
	const answer = await famulorApiRequest.call(this, {
		method: 'POST',
		path,
		body,
		safeToRepeat: false,
		itemIndex,
	});
	return await outputOfCreated.call(this, answer, knowledgeBaseId, wait, itemIndex);
}
