/** What a record's create, write or delete outputs, and the one request of a plain create or delete. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { famulorApiRequest, unwrapRecord } from '../../shared/transport';
import type { OperationResult } from './types';

/**
 * How a node version outputs the answer to a write: version 1 as the service sends it (some wrap the
 * record as `{message, data}`, `answerAsSent`), from version 2 on the record itself (`unwrapRecord`).
 */
export type AnswerOutput = (answer: IDataObject) => IDataObject;

export const answerAsSent: AnswerOutput = (answer) => answer;

/**
 * The `execute` of a Create that POSTs its planned body to `path` and outputs the new record itself
 * (`{data: {...}}` unwrapped). Never repeated on an unclear failure: the record would exist twice.
 */
export function createAt(
	path: string,
): (this: IExecuteFunctions, body: IDataObject, itemIndex: number) => Promise<OperationResult> {
	return async function (this: IExecuteFunctions, body: IDataObject, itemIndex: number) {
		return unwrapRecord(
			await famulorApiRequest.call(this, {
				method: 'POST',
				path,
				body,
				safeToRepeat: false,
				itemIndex,
			}),
		);
	};
}

/** The service's own words about what it did (e.g. "…removed at the end of the billing period"), or null. */
export function serviceMessage(answer: IDataObject): string | null {
	return typeof answer.message === 'string' ? answer.message : null;
}

/** What a delete outputs: what was deleted, `deleted: true` and the service's message. */
export function deletedOutput(identity: IDataObject, answer: IDataObject): IDataObject {
	return { ...identity, deleted: true, message: serviceMessage(answer) };
}

/**
 * The `execute` of a Delete that removes the record `id` under `path` and outputs `deletedOutput`.
 * Never repeated on an unclear failure: a deletion cannot be undone, nor its answer told again.
 */
export function deleteAt(
	path: string,
): (this: IExecuteFunctions, id: number, itemIndex: number) => Promise<OperationResult> {
	return async function (this: IExecuteFunctions, id: number, itemIndex: number) {
		const answer = await famulorApiRequest.call(this, {
			method: 'DELETE',
			path: `${path}/${id}`,
			safeToRepeat: false,
			itemIndex,
		});
		return deletedOutput({ id }, answer);
	};
}

/**
 * The record of a billed or effectful write (`{message, data}` → the record), keeping the service's
 * message beside it, since it says what was bought, sent or started.
 */
export function recordWithMessage(answer: IDataObject): IDataObject {
	const record = unwrapRecord(answer);
	const message = serviceMessage(answer);
	// a remembered answer kept as its IDs only has no message to add
	return record === answer || 'message' in record || message === null
		? record
		: { ...record, message };
}
