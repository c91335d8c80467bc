import {
	NodeOperationError,
	type IDataObject,
	type ILoadOptionsFunctions,
	type INodeListSearchResult,
	type ResourceMapperFields,
} from 'n8n-workflow';

import { parseId } from '../ids';
import { matches, toItem } from './listSearch';
import { MAX_PAGE_SIZE, famulorApiRequest, unwrapList } from '../transport';
import type { FamulorRequestContext } from '../transport';

/** The ID chosen in another locator of the node (list or ID mode), or undefined while none is. */
function chosenId(this: ILoadOptionsFunctions, parameterName: string): number | undefined {
	return parseId(this.getCurrentNodeParameter(parameterName, { extractValue: true }));
}

/**
 * Templates of one sender (https://docs.famulor.de/en/api-reference/whatsapp/templates): `approved`
 * (the default) or `all`, which adds pending and rejected ones.
 */
export async function requestSenderTemplates(
	this: FamulorRequestContext,
	senderId: number,
	status: 'approved' | 'all',
	itemIndex?: number,
): Promise<IDataObject[]> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: `/api/user/whatsapp/senders/${senderId}/templates`,
		qs: { status },
		itemIndex,
	});
	return unwrapList(response);
}

function requireSender(this: ILoadOptionsFunctions): number {
	const senderId = chosenId.call(this, 'senderId');
	if (senderId === undefined)
		throw new NodeOperationError(
			this.getNode(),
			'Choose the Sender first: templates are listed per sender',
		);
	return senderId;
}

/** The approved templates of the chosen sender: only those can be sent. */
export async function searchWhatsAppTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const templates = await requestSenderTemplates.call(this, requireSender.call(this), 'approved');
	const results = templates
		.filter((template) => matches(filter, template.name, template.id, template.body_text))
		.map((template) => {
			const count = Array.isArray(template.variables) ? template.variables.length : 0;
			return toItem(
				`${String(template.name)} (${String(template.language)}, ${count} variable${count === 1 ? '' : 's'})`,
				template.id,
			);
		});
	return { results };
}

/** The chosen template's variables as fields to fill, named as the template names them. */
export async function getTemplateVariables(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const senderId = requireSender.call(this);
	const templateId = chosenId.call(this, 'templateId');
	if (templateId === undefined)
		return { fields: [], emptyFieldsNotice: 'Choose the Template first' };
	const template = (await requestSenderTemplates.call(this, senderId, 'all')).find(
		(entry) => parseId(entry.id) === templateId,
	);
	if (!template) {
		throw new NodeOperationError(
			this.getNode(),
			`Template ${templateId} is not a template of sender ${senderId}: pick one from the list`,
		);
	}
	const variables = Array.isArray(template.variables) ? template.variables.map(String) : [];
	return {
		fields: variables.map((name, index) => ({
			id: name,
			displayName: `${name} ({{${index + 1}}})`,
			required: true,
			defaultMatch: false,
			canBeUsedToMatch: false,
			display: true,
			type: 'string',
		})),
		emptyFieldsNotice: 'This template has no variables',
	};
}

/** Numbers that can send SMS: SMS-capable with an active subscription (https://docs.famulor.de/en/api-reference/sms/send). */
export async function searchSmsPhoneNumbers(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/phone-numbers/all',
	});
	const results = unwrapList(response)
		.filter((number) => number.sms_capable === true && number.has_active_subscription !== false)
		.filter((number) => matches(filter, number.phone_number, number.nickname, number.id))
		.map((number) =>
			toItem(
				`${String(number.phone_number)}${number.nickname ? ` (${String(number.nickname)})` : ''}`,
				number.id,
			),
		);
	return { results };
}

function conversationLabel(conversation: IDataObject): string {
	const customer = (conversation.customer ?? {}) as IDataObject;
	const who =
		customer.name ??
		customer.phone ??
		conversation.external_identifier ??
		conversation.assistant_name ??
		conversation.id;
	return `${String(who)} (${String(conversation.type)}, ${String(conversation.updated_at ?? conversation.created_at ?? '')})`;
}

/** Conversations newest first, a page at a time; the search narrows each page by customer, reference, assistant or UUID. */
export async function searchConversations(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: unknown,
): Promise<INodeListSearchResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/conversations',
		qs: {
			per_page: MAX_PAGE_SIZE,
			...(typeof paginationToken === 'string' && paginationToken !== ''
				? { cursor: paginationToken }
				: {}),
		},
	});
	const results = unwrapList(response)
		.filter((conversation) => {
			const customer = (conversation.customer ?? {}) as IDataObject;
			return matches(
				filter,
				customer.name,
				customer.phone,
				conversation.external_identifier,
				conversation.assistant_name,
				conversation.type,
				conversation.id,
			);
		})
		.map((conversation) => toItem(conversationLabel(conversation), conversation.id));
	const next = (response as IDataObject).next_cursor;
	return { results, paginationToken: typeof next === 'string' && next !== '' ? next : undefined };
}

/** Assistants by UUID, the ID the chat API takes; page by page like the assistant picker. */
export async function searchAssistantUuids(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: unknown,
): Promise<INodeListSearchResult> {
	const page =
		typeof paginationToken === 'string' || typeof paginationToken === 'number'
			? Number(paginationToken)
			: 1;
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/assistants/get',
		qs: { per_page: MAX_PAGE_SIZE, page },
	});
	const results = unwrapList(response)
		.filter(
			(assistant) =>
				typeof assistant.uuid === 'string' &&
				matches(filter, assistant.name, assistant.id, assistant.uuid),
		)
		.map((assistant) =>
			toItem(`${String(assistant.name)} (#${String(assistant.id)})`, assistant.uuid),
		);
	const lastPage = Number((response as IDataObject).last_page ?? page);
	return { results, paginationToken: page < lastPage ? String(page + 1) : undefined };
}
