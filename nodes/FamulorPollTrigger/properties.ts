import type { INodeProperties } from 'n8n-workflow';

import {
	assistantLocator,
	campaignLocator,
	knowledgeBaseLocator,
	whatsAppSenderLocator,
} from '../shared/descriptions';
import { LEAD_STATUSES, statusOptions } from '../Famulor/actions/lead/fields';
import { DOCUMENTED_GENERAL_LIMITS } from '../shared/transport/constants';
import { DEFAULT_PAGES_PER_POLL, MAX_SWEEP_PAGES_PER_POLL, POLL_PAGE_SIZE } from './constants';
import { CALL_END_STATUSES } from './events/calls';

const MESSAGES = ['newWhatsAppMessage', 'newChatMessage'];
const CALLS = ['callEnded'];
const LEADS = ['newLead', 'leadStatusChanged'];
/** The events that sweep their list a few pages per poll (sweep.ts). */
const SWEPT = [...MESSAGES, 'leadStatusChanged'];

const optional = (property: INodeProperties): INodeProperties => ({ ...property, required: false });

const label = (status: string): string =>
	status
		.split(/[-_]/)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');

export const pollTriggerProperties: INodeProperties[] = [
	{
		displayName: `This trigger asks Famulor for new events at the Poll Times below, so it works where Famulor cannot reach n8n (a laptop, a company network). Events arrive up to one poll interval late; each poll costs at least one of the account's ${DOCUMENTED_GENERAL_LIMITS[0].limit} requests a minute. For instant events on an n8n with a public URL, use the Famulor AI Trigger.`,
		name: 'pollingNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		default: 'newWhatsAppMessage',
		options: [
			{
				name: 'Call Ended',
				value: 'callEnded',
				action: 'On call ended',
				description:
					'A call (inbound, outbound or campaign) reached an end status; one item per call, as Call → Get outputs it',
			},
			{
				name: 'Document Processed',
				value: 'documentProcessed',
				action: 'On document processed',
				description:
					'A document of a knowledge base finished processing: its status is now active or failed',
			},
			{
				name: 'Lead Status Changed',
				value: 'leadStatusChanged',
				action: 'On lead status changed',
				description:
					"A lead's status changed (e.g. processing → completed); the item carries previous_status",
			},
			{
				name: 'New Chat Message',
				value: 'newChatMessage',
				action: 'On new chat message',
				description: 'A customer wrote in a web-widget chat; one item per message, oldest first',
			},
			{
				name: 'New Lead',
				value: 'newLead',
				action: 'On new lead',
				description: 'A lead was added to a campaign',
			},
			{
				name: 'New WhatsApp Message',
				value: 'newWhatsAppMessage',
				action: 'On new WhatsApp message',
				description:
					'A customer wrote in a WhatsApp conversation; one item per message, oldest first',
			},
		],
	},
	{
		...optional(
			assistantLocator(
				'assistantId',
				'Only conversations or calls of this assistant; empty for all',
			),
		),
		displayOptions: { show: { event: [...MESSAGES, ...CALLS] } },
	},
	{
		...optional(whatsAppSenderLocator('Only conversations of this WhatsApp sender; empty for all')),
		displayOptions: { show: { event: ['newWhatsAppMessage'] } },
	},
	{
		displayName: 'Only While AI Is Off',
		name: 'onlyWhileAiOff',
		type: 'boolean',
		default: false,
		displayOptions: { show: { event: MESSAGES } },
		description:
			'Whether to emit only messages of conversations whose AI is switched off (a person has taken over), so the workflow does not answer beside the assistant',
	},
	{
		...optional(campaignLocator('Only calls or leads of this campaign; empty for all')),
		displayOptions: { show: { event: [...CALLS, ...LEADS] } },
	},
	{
		displayName: 'Direction',
		name: 'direction',
		type: 'options',
		default: '',
		displayOptions: { show: { event: CALLS } },
		options: [
			{ name: 'Any', value: '' },
			{ name: 'Inbound', value: 'inbound' },
			{ name: 'Outbound', value: 'outbound' },
			{ name: 'Web', value: 'web' },
		],
		description: 'Only calls of this direction',
	},
	{
		displayName: 'Call Statuses',
		name: 'callStatuses',
		type: 'multiOptions',
		default: [],
		displayOptions: { show: { event: CALLS } },
		options: CALL_END_STATUSES.map((status) => ({ name: label(status), value: status })),
		description:
			'Only calls that ended with one of these statuses; none chosen for every end status',
	},
	{
		displayName: 'Lead Statuses',
		name: 'leadStatuses',
		type: 'multiOptions',
		default: [],
		displayOptions: { show: { event: LEADS } },
		options: statusOptions(LEAD_STATUSES),
		description: 'Only leads whose (new) status is one of these; none chosen for any status',
	},
	{
		...optional(
			knowledgeBaseLocator(
				'knowledgeBaseId',
				'Only documents of this knowledge base; empty for all',
			),
		),
		displayOptions: { show: { event: ['documentProcessed'] } },
	},
	{
		displayName: 'Pages Per Poll',
		name: 'pagesPerPoll',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_SWEEP_PAGES_PER_POLL, numberPrecision: 0 },
		default: DEFAULT_PAGES_PER_POLL,
		displayOptions: { show: { event: SWEPT } },
		description: `How many older pages of ${POLL_PAGE_SIZE} records each poll reads after the first page, where new ones appear. Each poll costs that many requests plus one; every record is looked at within (records ÷ ${POLL_PAGE_SIZE} ÷ this) polls. Raise it for a large account that must notice changes in old records sooner.`,
	},
];
