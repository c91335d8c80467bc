import {
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { asNodeError, famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import { checkRange } from '../../validation';
import { documentPath } from './common';

/**
 * Wait Until Processed (version 2 of Create From File / Create From Website). The service processes a
 * new document in the background and reports it only through Get Document
 * (https://docs.famulor.de/en/api-reference/knowledgebases/create-document): `processing`, then
 * `active` or `failed` (https://docs.famulor.de/en/api-reference/knowledgebases/get-document).
 * The wait reads that endpoint through the transport, so its reads are paced with every other request
 * of the credential; the upload itself is sent once, before the wait, and never again.
 */

/** One read of the document every 5 s while it is processing: 12 of the account's 100 requests a minute. */
export const PROCESSING_POLL_INTERVAL_MS = 5_000;
export const DEFAULT_TIMEOUT_MINUTES = 5;
export const MIN_TIMEOUT_MINUTES = 0.1;
/**
 * Half the journal's IDLE_EXECUTION_MS (1 h), after which a busy journal may forget an execution: a
 * Retry On Fail after the longest timeout still finds the upload's answer instead of uploading again.
 */
export const MAX_TIMEOUT_MINUTES = 30;

/** Error codes (in the error's context) of a document that failed, or was still processing at the timeout. */
export const DOCUMENT_FAILED = 'DOCUMENT_FAILED';
export const DOCUMENT_STILL_PROCESSING = 'DOCUMENT_STILL_PROCESSING';

export const waitProperties: INodeProperties[] = [
	{
		displayName: 'Wait Until Processed',
		name: 'waitUntilProcessed',
		type: 'boolean',
		default: false,
		description:
			'Whether to wait until the service has processed the document and output it in its final state ("active"). A document that fails processing, or is still processing at the timeout, fails the item. Items wait one at a time unless Options → Parallel Requests is raised.',
	},
	{
		displayName: 'Timeout (Minutes)',
		name: 'timeoutMinutes',
		type: 'number',
		typeOptions: {
			minValue: MIN_TIMEOUT_MINUTES,
			maxValue: MAX_TIMEOUT_MINUTES,
			numberPrecision: 1,
		},
		default: DEFAULT_TIMEOUT_MINUTES,
		displayOptions: { show: { waitUntilProcessed: [true] } },
		description: `How long to wait for the document, ${MIN_TIMEOUT_MINUTES} to ${MAX_TIMEOUT_MINUTES} minutes; it is read every ${PROCESSING_POLL_INTERVAL_MS / 1000} seconds meanwhile. After it the item fails with the document's ID; the document stays and keeps processing.`,
	},
];

/** How long to wait for one item's document; undefined when the item does not wait. */
export interface WaitPlan {
	timeoutMs: number;
}

/** Version 2's setting for the item (version 1 has no such parameter and never waits). */
export function readWaitPlan(this: IExecuteFunctions, itemIndex: number): WaitPlan | undefined {
	if (this.getNodeParameter('waitUntilProcessed', itemIndex, false) !== true) return undefined;
	const minutes = checkRange.call(
		this,
		itemIndex,
		{ label: 'Timeout', field: 'timeoutMinutes' },
		this.getNodeParameter('timeoutMinutes', itemIndex, DEFAULT_TIMEOUT_MINUTES),
		MIN_TIMEOUT_MINUTES,
		MAX_TIMEOUT_MINUTES,
	);
	return { timeoutMs: Math.round(minutes * 60_000) };
}

/** What the wait does after reading the document's status. */
export type WaitStep =
	| { kind: 'processed' }
	| { kind: 'failed' }
	| { kind: 'timedOut' }
	| { kind: 'readAgain'; afterMs: number };

/**
 * `active` and `failed` are final; every other status (`processing`, or one the docs do not name yet)
 * is read again until the deadline, the last read falling on the deadline itself.
 */
export function nextWaitStep(status: unknown, now: number, deadline: number): WaitStep {
	const normalized = typeof status === 'string' ? status.trim().toLowerCase() : '';
	if (normalized === 'active') return { kind: 'processed' };
	if (normalized === 'failed') return { kind: 'failed' };
	const remaining = deadline - now;
	if (remaining <= 0) return { kind: 'timedOut' };
	return { kind: 'readAgain', afterMs: Math.min(PROCESSING_POLL_INTERVAL_MS, remaining) };
}

/** The place of the document in messages: its name (when known), ID and knowledge base. */
function documentLabel(document: IDataObject, documentId: number, knowledgeBaseId: number): string {
	const name =
		typeof document.name === 'string' && document.name !== '' ? `"${document.name}" ` : '';
	return `Document ${name}(ID ${documentId}) in knowledge base ${knowledgeBaseId}`;
}

function minutesText(ms: number): string {
	const minutes = Math.round((ms / 60_000) * 10) / 10;
	return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function waitError(
	this: IExecuteFunctions,
	itemIndex: number,
	message: string,
	description: string,
	context: IDataObject,
): NodeOperationError {
	const error = new NodeOperationError(this.getNode(), message, { itemIndex, description });
	Object.assign(error.context, { httpCode: null, fieldErrors: {}, ...context });
	return error;
}

function idOf(document: IDataObject): number | undefined {
	const id = Number(document.id);
	return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Reads the created document until it is `active` (its final record is returned), `failed` or the
 * timeout passes (the item fails naming the document). Stops between reads when the execution is
 * cancelled. A read that fails fails the item saying that the document was created, so nobody uploads
 * it again believing nothing happened.
 */
export async function waitUntilProcessed(
	this: IExecuteFunctions,
	createdAnswer: IDataObject,
	knowledgeBaseId: number,
	{ timeoutMs }: WaitPlan,
	itemIndex: number,
): Promise<IDataObject> {
	let document = unwrapRecord(createdAnswer);
	const documentId = idOf(document);
	if (documentId === undefined)
		throw waitError.call(
			this,
			itemIndex,
			'The document was created, but the service answered without its ID, so its processing cannot be followed',
			`Answer: ${JSON.stringify(createdAnswer).slice(0, 500)}. Find the document with Document → Get Many.`,
			{ errorCode: null },
		);
	const label = () => documentLabel(document, documentId, knowledgeBaseId);
	const context = { knowledgebaseId: knowledgeBaseId, documentId };
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const step = nextWaitStep(document.status, Date.now(), deadline);
		if (step.kind === 'processed') return document;
		if (step.kind === 'failed')
			throw waitError.call(
				this,
				itemIndex,
				`${label()} failed processing`,
				'The service could not process it (status "failed"). Check the file or website, then delete the document and create it again.',
				{ errorCode: DOCUMENT_FAILED, ...context },
			);
		if (step.kind === 'timedOut')
			throw waitError.call(
				this,
				itemIndex,
				`${label()} is still processing after ${minutesText(timeoutMs)}`,
				`It was created and the service keeps processing it: read it later with Document → Get (ID ${documentId}), or raise Timeout (Minutes). Retry On Fail waits again without uploading it a second time.`,
				{ errorCode: DOCUMENT_STILL_PROCESSING, ...context, status: document.status ?? null },
			);
		await sleep(step.afterMs);
		if (this.getExecutionCancelSignal?.()?.aborted)
			throw waitError.call(
				this,
				itemIndex,
				`The execution was cancelled while waiting for ${label()}`,
				'The document was created and keeps processing in the service.',
				{ errorCode: null, ...context },
			);
		try {
			document = unwrapRecord(
				await famulorApiRequest.call(this, {
					method: 'GET',
					path: documentPath(knowledgeBaseId, documentId),
					itemIndex,
				}),
			);
		} catch (error) {
			const failure = asNodeError(this.getNode(), error, itemIndex);
			throw waitError.call(
				this,
				itemIndex,
				`${label()} was created, but reading its processing status failed: ${failure.message}`,
				failure.description ?? '',
				{ ...failure.context, ...context },
			);
		}
	}
}

/** What a version 2 create outputs: the new document's record, or the document once processed. */
export async function outputOfCreated(
	this: IExecuteFunctions,
	createdAnswer: IDataObject,
	knowledgeBaseId: number,
	wait: WaitPlan | undefined,
	itemIndex: number,
): Promise<IDataObject> {
	if (!wait) return unwrapRecord(createdAnswer);
	return await waitUntilProcessed.call(this, createdAnswer, knowledgeBaseId, wait, itemIndex);
}
