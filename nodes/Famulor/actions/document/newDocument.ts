import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { famulorApiRequest } from '../../../shared/transport';
import type { OperationResult } from '../types';
import { descriptionOption, documentPath, knowledgeBaseProperty, nameProperty } from './common';
import { outputOfCreated, readWaitPlan, type WaitPlan } from './waitUntilProcessed';

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

/** Where a new document goes, and how long the item waits for it (undefined: it does not wait). */
export interface Target {
	knowledgeBaseId: number;
	path: string;
	wait?: WaitPlan;
}

/** The target in the checked knowledge base; reads the wait, so call it after the source's checks. */
export function readTarget(
	this: IExecuteFunctions,
	itemIndex: number,
	knowledgeBaseId: number,
): Target {
	return {
		knowledgeBaseId,
		path: documentPath(knowledgeBaseId),
		wait: readWaitPlan.call(this, itemIndex),
	};
}

/**
 * Sends the new document once, never repeated on an unclear failure: it would be stored (a website
 * crawled) twice. A wait after it only reads, and n8n's Retry On Fail gets the remembered answer
 * instead of creating it again.
 */
export async function send(
	this: IExecuteFunctions,
	target: Target,
	body: IDataObject | FormData,
	itemIndex: number,
): Promise<OperationResult> {
	const answer = await famulorApiRequest.call(this, {
		method: 'POST',
		path: target.path,
		body,
		safeToRepeat: false,
		itemIndex,
	});
	return await outputOfCreated.call(this, answer, target.knowledgeBaseId, target.wait, itemIndex);
}
