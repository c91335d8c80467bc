/**
 * Events whose request waits for the workflow's answer: a mid-call tool (the assistant speaks from the
 * answer) and an inbound call (the answer's variables go into the call). n8n sends the answer as for
 * its own Webhook node: the last node's first item, or what a Respond to Webhook node sends.
 */
import type { INodeProperties } from 'n8n-workflow';

export const MID_CALL_TOOL = 'midCallTool';
export const INBOUND_CALL = 'inboundCall';
export const LIVE_EVENTS = [MID_CALL_TOOL, INBOUND_CALL] as const;

/** The webhook's response mode: the user's choice for live events, an immediate answer for the others. */
export const RESPONSE_MODE_EXPRESSION = `={{ ${JSON.stringify(LIVE_EVENTS)}.includes($parameter["event"]) ? $parameter["responseMode"] : "onReceived" }}`;

export const responseModeProperty: INodeProperties = {
	displayName: 'Respond',
	name: 'responseMode',
	type: 'options',
	default: 'lastNode',
	displayOptions: { show: { event: [...LIVE_EVENTS] } },
	options: [
		{
			name: 'When Last Node Finishes',
			value: 'lastNode',
			description: "Answers with the JSON of the workflow's last node's first item",
		},
		{
			name: "Using 'Respond to Webhook' Node",
			value: 'responseNode',
			description:
				"Answers with what a Respond to Webhook node sends (use its version 1: later versions accept only n8n's own Webhook node)",
		},
	],
	description:
		'How the workflow answers Famulor. A mid-call tool waits for the answer as long as its timeout; an inbound call at most about 2 seconds.',
};
