import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	ResourceMapperFields,
} from 'n8n-workflow';

import { parseId } from '../ids';
import { famulorApiRequest, unwrapList } from '../transport';
import type { FamulorRequestContext } from '../transport';
import { chosenId, hintResult, matches, toItem } from './common';

/** Templates of the chosen WhatsApp sender, and the chosen template's variables as fields. */

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

/** What the template pickers show until a sender is chosen: nothing is thrown, so nothing is logged. */
const CHOOSE_SENDER_FIRST = 'Choose the Sender first: templates are listed per sender';

/** The approved templates of the chosen sender: only those can be sent. */
export async function searchWhatsAppTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const senderId = chosenId(this, 'senderId');
	if (senderId === undefined) return hintResult(CHOOSE_SENDER_FIRST);
	const templates = await requestSenderTemplates.call(this, senderId, 'approved');
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
	const senderId = chosenId(this, 'senderId');
	if (senderId === undefined) return { fields: [], emptyFieldsNotice: CHOOSE_SENDER_FIRST };
	const templateId = chosenId(this, 'templateId');
	if (templateId === undefined)
		return { fields: [], emptyFieldsNotice: 'Choose the Template first' };
	const template = (await requestSenderTemplates.call(this, senderId, 'all')).find(
		(entry) => parseId(entry.id) === templateId,
	);
	// A template left from another sender: the fields show why (the send refuses it too).
	if (!template) {
		return {
			fields: [],
			emptyFieldsNotice: `Template ${templateId} is not a template of sender ${senderId}: pick one from the Template list`,
		};
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
