import type { INodeProperties } from 'n8n-workflow';

import { assistantLocator } from '../shared/descriptions';
import { eventProperties, READ_RECEIPTS } from './eventProperty';
import { MID_CALL_TOOL, responseModeProperty } from './liveAnswer';
import { toolProperties } from './midCallTool/toolProperties';

const notReadReceipts = { hide: { event: [READ_RECEIPTS, MID_CALL_TOOL] } };

const SIMPLIFY_DESCRIPTION =
	'Whether to return a flat item (calls: call ID, status, duration, phone numbers; chats: conversation, customer, attachment URLs; both: extracted variables as extracted_<name>, transcript as text; read receipts: message ID, status, error, time) instead of the full payload';

export const triggerProperties: INodeProperties[] = [
	{
		...assistantLocator('assistantId', 'The assistant whose calls or chats start the workflow'),
		displayOptions: notReadReceipts,
	},
	...eventProperties,
	responseModeProperty,
	...toolProperties,
	{
		displayName:
			'Famulor registers read receipts only in its dashboard: copy this node\'s Production URL (Webhook URLs above), paste it under WhatsApp → your sender → Read receipts, and copy the signing secret shown there into Signing Secret below. For "Test this trigger", paste the Test URL there for the time of the test.',
		name: 'readReceiptsNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: [READ_RECEIPTS] } },
	},
	{
		displayName: 'Signing Secret',
		name: 'signingSecret',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		required: true,
		displayOptions: { show: { event: [READ_RECEIPTS] } },
		description:
			"The WhatsApp sender's read-receipt signing secret from the Famulor dashboard. Deliveries whose X-Signature-256 does not match it are answered 401 and start nothing.",
	},
	// Version 1 kept Simplify off by default; workflows saved without the parameter keep their full output.
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		displayOptions: { show: { '@version': [1] }, hide: { event: [MID_CALL_TOOL] } },
		description: SIMPLIFY_DESCRIPTION,
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		displayOptions: {
			show: { '@version': [{ _cnd: { gte: 1.1 } }] },
			hide: { event: [MID_CALL_TOOL] },
		},
		description: SIMPLIFY_DESCRIPTION,
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Include Recording URL',
				name: 'includeRecording',
				type: 'boolean',
				default: true,
				displayOptions: { show: { '/event': ['callCompleted'] } },
				description:
					"Whether the payload carries the call's recording URL. Sets the assistant's include_recording_in_webhook; when not added, the assistant's setting is kept.",
			},
			{
				displayName: 'Only Completed Calls',
				name: 'onlyCompleted',
				type: 'boolean',
				default: true,
				displayOptions: { show: { '/event': ['callCompleted'] } },
				description:
					"Whether only completed calls are sent (not busy, failed or unanswered ones). Sets the assistant's send_webhook_only_on_completed; when not added, the assistant's setting is kept.",
			},
			{
				displayName: 'Only These Statuses',
				name: 'onlyStatuses',
				type: 'multiOptions',
				default: [],
				displayOptions: { show: { '/event': [READ_RECEIPTS] } },
				options: [
					{ name: 'Delivered', value: 'delivered' },
					{ name: 'Failed', value: 'failed' },
					{ name: 'Read', value: 'read' },
					{ name: 'Sent', value: 'sent' },
					{ name: 'Undelivered', value: 'undelivered' },
				],
				description:
					'Statuses that start the workflow; others are acknowledged and ignored. Empty: every status.',
			},
			{
				displayName: 'Replace Existing Webhook',
				name: 'replaceExisting',
				type: 'boolean',
				default: false,
				displayOptions: { hide: { '/event': [READ_RECEIPTS, MID_CALL_TOOL] } },
				description:
					'Whether to take over a webhook URL the assistant already sends this event to. Off: publishing fails instead, naming that URL. On: the replaced URL (and, for calls, its delivery settings) is put back when the workflow is unpublished, as long as the assistant still sends to this trigger.',
			},
		],
	},
];
