/**
 * The Event dropdown, by node version: versions 1 and 1.1 name the inbound event "Inbound Call
 * Completed"; 1.2 renames it Inbound Call (answered by the workflow) and adds the Mid-Call Tool. Saved
 * workflows keep their version, so their event keeps its name and value.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { INBOUND_CALL, MID_CALL_TOOL } from './liveAnswer';

export const READ_RECEIPTS = 'whatsAppMessageStatus';

// Each event's `action` is its label in n8n's nodes panel, which otherwise lower-cases the name ("whats app").
const EVENTS: Record<string, INodePropertyOptions> = {
	callCompleted: {
		name: 'Call Completed',
		value: 'callCompleted',
		action: 'On call completed',
		description:
			"A call of the assistant ended (the assistant's post-call webhook, with the extracted post-call data)",
	},
	conversationEnded: {
		name: 'Conversation Ended',
		value: 'conversationEnded',
		action: 'On conversation ended',
		description:
			"A chat of the assistant (widget or WhatsApp) ended after its inactivity timeout (the assistant's conversation-ended webhook; needs an HTTPS n8n URL)",
	},
	inboundCallCompleted: {
		name: 'Inbound Call Completed',
		value: 'inboundCallCompleted',
		action: 'On inbound call completed',
		// https://docs.famulor.de/en/automation-platform/calls-related/Famulor-tool: the webhook
		// fires as a call arrives; the API reference says when it completes.
		description:
			"The assistant's inbound webhook: a completed inbound call as the API reference words it, a call arriving as Famulor's other docs and the sandbox send it; either is output",
	},
	[INBOUND_CALL]: {
		name: 'Inbound Call',
		value: INBOUND_CALL,
		action: 'On inbound call',
		description:
			"A call to the assistant arrives, before it picks up (the assistant's inbound webhook); the workflow may answer with variables for the call within about 2 seconds",
	},
	[MID_CALL_TOOL]: {
		name: 'Mid-Call Tool',
		value: MID_CALL_TOOL,
		action: 'On mid-call tool request',
		description:
			'The assistant asks the workflow during a call (a mid-call tool the trigger creates); it speaks from the answer',
	},
	[READ_RECEIPTS]: {
		name: 'WhatsApp Message Status',
		value: READ_RECEIPTS,
		action: 'On WhatsApp message status',
		description:
			'A WhatsApp message you sent was sent, delivered, read or failed (read receipts of a WhatsApp sender, set up in the Famulor dashboard)',
	},
};

function eventProperty(
	events: string[],
	versions: NonNullable<INodeProperties['displayOptions']>,
): INodeProperties {
	return {
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		default: 'callCompleted',
		displayOptions: versions,
		options: events.map((event) => EVENTS[event]),
	};
}

export const eventProperties: INodeProperties[] = [
	eventProperty(['callCompleted', 'conversationEnded', 'inboundCallCompleted', READ_RECEIPTS], {
		show: { '@version': [1, 1.1] },
	}),
	eventProperty(
		['callCompleted', 'conversationEnded', INBOUND_CALL, MID_CALL_TOOL, READ_RECEIPTS],
		{
			show: { '@version': [{ _cnd: { gte: 1.2 } }] },
		},
	),
];
