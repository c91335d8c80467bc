import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { famulorApiRequest } from '../../../shared/transport';
import { descriptionOption, documentPath, knowledgeBaseProperty, nameProperty } from './common';

/**
 * What Create From File and Create From Website share (imported as `newDocument`): the fields around
 * the source, the target, the one POST.
 */

/**
 * The fields of a new document: its knowledge base and name, then the source's own fields, version 2's
 * wait (`wait`, empty in version 1), and Additional Fields with the description first.
 */
export function fields(
	source: INodeProperties[],
	wait: INodeProperties[],
	additionalOptions: INodeProperties[] = [],
): INodeProperties[] {
	return [
		knowledgeBaseProperty,
		nameProperty,
		...source,
		...wait,
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [descriptionOption, ...additionalOptions],
		},
	];
}

/** Where a new document goes. */
export interface Target {
	knowledgeBaseId: number;
	path: string;
}

/** The target in the checked knowledge base. */
export function targetIn(knowledgeBaseId: number): Target {
	return { knowledgeBaseId, path: documentPath(knowledgeBaseId) };
}

/**
 * Sends the new document once, never repeated on an unclear failure: it would be stored (a website
 * crawled) twice. Version 2's wait after it only reads, and n8n's Retry On Fail gets the remembered
 * answer instead of creating it again. Outputs the answer as it comes (version 1).
 */
export async function send(
	this: IExecuteFunctions,
	target: Target,
	body: IDataObject | FormData,
	itemIndex: number,
): Promise<IDataObject> {
	return await famulorApiRequest.call(this, {
		method: 'POST',
		path: target.path,
		body,
		safeToRepeat: false,
		itemIndex,
	});
}
