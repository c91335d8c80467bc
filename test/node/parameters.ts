/** Input items and node parameters the action node suites share. */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox';

/** Input items with the given JSON. */
export const items = (...values: IDataObject[]): INodeExecutionData[] =>
	values.map((json) => ({ json }));

/** A resource locator parameter (assistant, sender, knowledge base, ...), by ID unless another mode is given. */
export const locator = (value: number | string, mode = 'id') => ({
	__rl: true,
	mode,
	value: String(value),
});

/** Call → Make of each input item's `phone` with alice's outbound assistant, and those items. */
export const callEachPhone = {
	resource: 'call',
	operation: 'make',
	assistantId: locator(SEED.alice.outboundAssistantId),
	phoneNumber: '={{ $json.phone }}',
};
export const phoneItems = (...numbers: string[]) => items(...numbers.map((phone) => ({ phone })));

/** The whole message of every update operation run without a field in Update Fields. */
export const NO_FIELD_TO_CHANGE = 'Update Fields must contain at least one field to change';

/** Get Many's paging parameters: at most `limit` records. */
export const limitTo = (limit: number) => ({ returnAll: false, limit });

/**
 * A builder of `resource` → `operation`'s parameters: `defaults`, then what a test overrides, then
 * the fields of its collection `collection` (Additional Fields, Filters, ...).
 */
export const operationParameters =
	(resource: string, operation: string, defaults: INodeParameters, collection: string) =>
	(over: INodeParameters = {}, fields: INodeParameters = {}): INodeParameters => ({
		resource,
		operation,
		...defaults,
		...over,
		[collection]: fields,
	});

/** AI Reply → Generate of one message to alice's chat assistant. */
export const GENERATE_REPLY = {
	resource: 'aiReply',
	operation: 'generate',
	assistantId: locator(SEED.alice.chatAssistantId),
	customerIdentifier: 'c-1',
	message: 'Hi',
	variables: {},
};

/** Phone Number → Get Many SMS-Capable, every page. */
export const SMS_CAPABLE_NUMBERS = {
	resource: 'phoneNumber',
	operation: 'getAllSmsCapable',
	returnAll: true,
};

/**
 * A row of a refusal table: the ID locator `parameter` set by an expression to `value`, which the
 * node refuses because `field` (e.g. 'Assistant (assistant_id)') must be a positive whole number.
 */
export function notAnIdRow(
	name: string,
	parameter: string,
	field: string,
	value: string,
): [string, IDataObject, RegExp] {
	const pattern = `${field.replace(/[()]/g, '\\$&')} must be a positive whole number`;
	return [name, { [parameter]: locator(`={{ "${value}" }}`) }, new RegExp(pattern)];
}
