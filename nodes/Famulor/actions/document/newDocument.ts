import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { famulorApiRequest } from '../../../shared/transport';
import { answerAsSent } from '../records';
import type { OperationEffect } from '../types';
import { variantHook, type Variant } from '../variant';
import { descriptionOption, documentPath, knowledgeBaseProperty, nameProperty } from './common';
import { outputOfCreated, readWaitPlan, waitProperties, type WaitPlan } from './waitUntilProcessed';

/**
 * What Create From File and Create From Website share (imported as `newDocument`): the fields around
 * the source, the target, the one POST, and the variant hook of both.
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
 * answer instead of creating it again.
 */
async function send(
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

/** What a version reads beyond the source's fields: version 2's wait, read after the plan's checks. */
export interface CreateReads {
	/** Between the source's fields and Additional Fields. */
	fields: INodeProperties[];
	wait(this: IExecuteFunctions, itemIndex: number): WaitPlan | undefined;
}

/** A planned create of a version: the source's plan, the target and the wait (none in version 1). */
export type Planned<Plan extends Target = Target> = Plan & { wait?: WaitPlan };

/** The record a version gives a create. */
export type CreateVariant = Pick<Variant<CreateReads, Planned>, 'reads' | 'outputs'>;

/** Version 1 never waits and outputs the answer as it comes. */
const VERSION_1: CreateVariant = {
	reads: { fields: [], wait: () => undefined },
	outputs: answerAsSent,
};

/**
 * Version 2's record of a create: the wait's fields, read after all the plan's checks, and
 * `outputOfCreated` (waitUntilProcessed.ts) after the one send.
 */
export const WAIT_UNTIL_PROCESSED: CreateVariant = {
	reads: { fields: waitProperties, wait: readWaitPlan },
	async outputs(answer, plan, itemIndex) {
		return await outputOfCreated.call(this, answer, plan.knowledgeBaseId, plan.wait, itemIndex);
	},
};

/** What one source of documents (a file, a website) brings to a create. */
export interface Source<Plan extends Target> {
	operation: string;
	fields: INodeProperties[];
	/** Additional Fields beside the description. */
	options?: INodeProperties[];
	effect: OperationEffect;
	/** Reads and checks the item's parameters; sends nothing. */
	plan(this: IExecuteFunctions, itemIndex: number): Plan | Promise<Plan>;
	/** What is sent for the plan: a JSON body or a multipart form. */
	payload(this: IExecuteFunctions, plan: Plan, itemIndex: number): Promise<IDataObject | FormData>;
}

/** The variant hook of a create from `source`: the one send, then the version's output. */
export function createVariant<Plan extends Target>(source: Source<Plan>) {
	return variantHook(VERSION_1, ({ reads, outputs }) => ({
		description: updateDisplayOptions(
			{ show: { resource: ['document'], operation: [source.operation] } },
			fields(source.fields, reads.fields, source.options),
		),
		effect: source.effect,
		async prepare(this: IExecuteFunctions, itemIndex: number): Promise<Planned<Plan>> {
			const plan = await source.plan.call(this, itemIndex);
			return { ...plan, wait: reads.wait.call(this, itemIndex) };
		},
		async execute(this: IExecuteFunctions, plan: Planned<Plan>, itemIndex: number) {
			const payload = await source.payload.call(this, plan, itemIndex);
			const answer = await send.call(this, plan, payload, itemIndex);
			return await outputs.call(this, answer, plan, itemIndex);
		},
	}));
}
