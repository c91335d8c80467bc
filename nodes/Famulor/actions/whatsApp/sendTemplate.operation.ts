import {
	isSafeObjectProperty,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { whatsAppSenderLocator, whatsAppTemplateLocator } from '../../../shared/descriptions';
import { requestSenderTemplates } from '../../../shared/methods/whatsAppTemplates';
import { parseId } from '../../../shared/ids';
import { famulorApiRequest } from '../../../shared/transport';
import { checkMaxLength, checkPhoneNumber, invalid } from '../../validation';
import { WRITTEN_PHONE, readLocatorId } from '../common';
import type { OperationEffect, OperationResult } from '../types';
import { recipientPhoneProperty } from './common';

export const MAX_RECIPIENT_NAME_LENGTH = 255;

const properties: INodeProperties[] = [
	{
		displayName:
			"Template messages may be sent at any time, also outside the 24-hour window, but only with an approved template. Each message is billed. The customer's reply opens the window for free-form messages.",
		name: 'templateNotice',
		type: 'notice',
		default: '',
	},
	whatsAppSenderLocator(
		'The WhatsApp sender (business number) the message is sent from; it must be online',
	),
	whatsAppTemplateLocator('An approved template of this sender'),
	recipientPhoneProperty(WRITTEN_PHONE),
	{
		displayName: 'Recipient Name',
		name: 'recipientName',
		type: 'string',
		default: '',
		description: `Name of the customer, kept with the conversation (at most ${MAX_RECIPIENT_NAME_LENGTH} characters)`,
	},
	{
		displayName: 'Template Variables',
		name: 'templateVariables',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		description: "Values for the template's placeholders {{1}}, {{2}}, …",
		typeOptions: {
			loadOptionsDependsOn: ['senderId.value', 'templateId.value'],
			resourceMapper: {
				resourceMapperMethod: 'getTemplateVariables',
				mode: 'add',
				fieldWords: { singular: 'variable', plural: 'variables' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: false,
			},
		},
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['whatsApp'], operation: ['sendTemplate'] } },
	properties,
);

export const effect: OperationEffect = {
	kind: 'billed',
	noun: 'WhatsApp template message',
	idFields: ['message_id', 'whatsapp_message_id'],
};

export interface Plan {
	senderId: number;
	templateId: number;
	recipientPhone: string;
	recipientName?: string;
	variables: Record<string, string>;
}

const VARIABLES = { label: 'Template Variables', field: 'variables' };

/**
 * The filled-in variables as text (an expression may give a number); empty ones are left out and
 * reported by the template check.
 */
function readTemplateVariables(this: IExecuteFunctions, itemIndex: number): Record<string, string> {
	const mapped = (this.getNodeParameter('templateVariables.value', itemIndex, null) ??
		{}) as IDataObject;
	const variables: Record<string, string> = {};
	for (const [name, value] of Object.entries(mapped)) {
		if (!isSafeObjectProperty(name))
			throw invalid.call(
				this,
				itemIndex,
				VARIABLES,
				`has a variable with an invalid name: "${name}"`,
			);
		if (value === undefined || value === null || value === '') continue;
		if (typeof value === 'object')
			throw invalid.call(
				this,
				itemIndex,
				VARIABLES,
				`"${name}" must be text, got an object or list`,
			);
		variables[name] = String(value);
	}
	return variables;
}

/** Each sender's templates are read once per run, however many items send to it. */
const templatesByRun = new WeakMap<object, Map<number, Promise<IDataObject[]>>>();

function templatesOf(
	this: IExecuteFunctions,
	senderId: number,
	itemIndex: number,
): Promise<IDataObject[]> {
	let bySender = templatesByRun.get(this);
	if (!bySender) {
		bySender = new Map();
		templatesByRun.set(this, bySender);
	}
	let templates = bySender.get(senderId);
	if (!templates) {
		templates = requestSenderTemplates.call(this, senderId, 'all', itemIndex);
		bySender.set(senderId, templates);
	}
	return templates;
}

/**
 * What the service answers to missing variables is not documented, so the template is checked against
 * the sender's list before the first billed send of the run: it must be the sender's, approved,
 * and get exactly its variables.
 */
async function checkTemplate(
	this: IExecuteFunctions,
	plan: Plan,
	itemIndex: number,
): Promise<void> {
	const template = (await templatesOf.call(this, plan.senderId, itemIndex)).find(
		(entry) => parseId(entry.id) === plan.templateId,
	);
	const templateName = { label: 'Template', field: 'template_id' };
	if (!template)
		throw invalid.call(
			this,
			itemIndex,
			templateName,
			`${plan.templateId} is not a template of sender ${plan.senderId}: pick one from the Template list`,
		);
	if (template.status !== 'approved') {
		throw invalid.call(
			this,
			itemIndex,
			templateName,
			`"${String(template.name)}" is ${String(template.status)}: only approved templates can be sent`,
		);
	}
	const expected = Array.isArray(template.variables) ? template.variables.map(String) : [];
	const missing = expected.filter((name) => plan.variables[name] === undefined);
	if (missing.length > 0)
		throw invalid.call(
			this,
			itemIndex,
			VARIABLES,
			`needs a value for ${missing.map((name) => `"${name}"`).join(', ')} of template "${String(template.name)}"`,
		);
	const unknown = Object.keys(plan.variables).filter((name) => !expected.includes(name));
	if (unknown.length > 0) {
		throw invalid.call(
			this,
			itemIndex,
			VARIABLES,
			`has ${unknown.map((name) => `"${name}"`).join(', ')}, which template "${String(template.name)}" does not have (it has: ${expected.join(', ') || 'none'}); reload the variables`,
		);
	}
}

/**
 * Reads and checks the item, including the template against the sender's list (a free read, once per
 * sender and run), so a foreign, unapproved or unfilled template stops the run before the first billed send.
 */
export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const recipientName = String(this.getNodeParameter('recipientName', itemIndex, '') ?? '').trim();
	const plan: Plan = {
		senderId: readLocatorId.call(this, itemIndex, 'senderId', {
			label: 'Sender',
			field: 'sender_id',
		}),
		templateId: readLocatorId.call(this, itemIndex, 'templateId', {
			label: 'Template',
			field: 'template_id',
		}),
		recipientPhone: checkPhoneNumber.call(
			this,
			itemIndex,
			{ label: 'Recipient Phone', field: 'recipient_phone' },
			this.getNodeParameter('recipientPhone', itemIndex),
		),
		...(recipientName !== ''
			? {
					recipientName: checkMaxLength.call(
						this,
						itemIndex,
						{ label: 'Recipient Name', field: 'recipient_name' },
						recipientName,
						MAX_RECIPIENT_NAME_LENGTH,
					),
				}
			: {}),
		variables: readTemplateVariables.call(this, itemIndex),
	};
	await checkTemplate.call(this, plan, itemIndex);
	return plan;
}

/**
 * Sends a billed template message
 * (https://docs.famulor.de/en/api-reference/whatsapp/send-template): once, paced with the
 * free-form sends.
 */
export async function execute(
	this: IExecuteFunctions,
	plan: Plan,
	itemIndex: number,
): Promise<OperationResult> {
	return await famulorApiRequest.call(this, {
		method: 'POST',
		path: '/api/user/whatsapp/send',
		body: {
			sender_id: plan.senderId,
			template_id: plan.templateId,
			recipient_phone: plan.recipientPhone,
			...(plan.recipientName !== undefined ? { recipient_name: plan.recipientName } : {}),
			...(Object.keys(plan.variables).length > 0 ? { variables: plan.variables } : {}),
		},
		// One documented limit of 5 per second covers template and free-form sends together.
		rateLimit: 'sendFreeform',
		safeToRepeat: false,
		itemIndex,
	});
}
