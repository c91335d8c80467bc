import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type INode,
	type JsonObject,
} from 'n8n-workflow';

import type { OperationEffect, OperationResult } from './types';

export interface SucceededItem {
	itemIndex: number;
	result: OperationResult;
}

/** IDs listed in the message; the error's context carries all of them. */
const MAX_IDS_IN_MESSAGE = 20;

function idOf(record: IDataObject, idFields: string[]): string | undefined {
	for (const field of [...idFields, 'id']) {
		const value = record[field];
		if (typeof value === 'string' || typeof value === 'number') return String(value);
	}
	return undefined;
}

function idsOf(result: OperationResult, idFields: string[]): string[] {
	const records = Array.isArray(result) ? result : [result];
	return records
		.map((record) => idOf(record, idFields))
		.filter((id): id is string => id !== undefined);
}

function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The failure of one item after other items' billed or irreversible requests took effect: the message
 * says how many and which, so nobody re-runs the workflow believing nothing happened. n8n shows only
 * an error's message in its toasts, so this goes into the message, not the description.
 */
export function withSucceededItems(
	node: INode,
	error: NodeApiError | NodeOperationError,
	effect: OperationEffect,
	succeeded: SucceededItem[],
	notStarted: number,
): NodeApiError | NodeOperationError {
	if (succeeded.length === 0) return error;
	const ordered = [...succeeded].sort((a, b) => a.itemIndex - b.itemIndex);
	const ids = ordered.flatMap(({ result }) => idsOf(result, effect.idFields));
	const shownIds =
		ids.slice(0, MAX_IDS_IN_MESSAGE).join(', ') +
		(ids.length > MAX_IDS_IN_MESSAGE ? `, … (${ids.length - MAX_IDS_IN_MESSAGE} more)` : '');
	const done = { billed: 'went through', irreversible: 'took effect', creates: 'were created' }[
		effect.kind
	];
	const parts = [
		error.message,
		`Before this failure ${plural(succeeded.length, effect.noun)} of other items ${done}${ids.length > 0 ? ` (${effect.idFields[0] ?? 'id'}: ${shownIds})` : ''}.`,
		notStarted > 0
			? `${plural(notStarted, 'item')} after it ${notStarted === 1 ? 'was' : 'were'} not sent.`
			: '',
		"Running the workflow again sends them again: remove the items that went through first (n8n's Retry On Fail and its Retry of this failed execution do not resend them).",
	];
	const message = parts.filter((part) => part !== '').join(' ');
	const context: IDataObject = {
		...error.context,
		succeededItems: ordered.map(({ itemIndex, result }) => ({
			itemIndex,
			ids: idsOf(result, effect.idFields),
		})),
		notStartedItems: notStarted,
	};
	const itemIndex = error.context.itemIndex as number | undefined;
	const rebuilt =
		error instanceof NodeApiError
			? new NodeApiError(node, { message: error.message } as JsonObject, {
					message,
					description: error.description ?? undefined,
					httpCode: error.httpCode ?? undefined,
					itemIndex,
				})
			: new NodeOperationError(node, message, {
					description: error.description ?? undefined,
					itemIndex,
				});
	Object.assign(rebuilt.context, context);
	return rebuilt;
}
