/** The Mid-Call Tool event's fields: the tool the trigger publishes on the chosen assistants. */
import type { INodeProperties } from 'n8n-workflow';

import { schemaProperty } from '../../Famulor/actions/midCallTool/fields';
import { MID_CALL_TOOL } from '../liveAnswer';
import { KEEP_PARAMETER } from './keepTools';

const onlyTool = { show: { event: [MID_CALL_TOOL] } };

export const toolProperties: INodeProperties[] = [
	{
		displayName:
			'Publishing creates a mid-call tool in Famulor that calls this workflow, with a secret header, and adds it to the assistants below. Famulor does not report which mid-call tools an assistant has, so each assistant keeps only the tools named in Other Tools to Keep: any other mid-call tool is taken off it. Unpublishing deletes the tool. The assistant speaks from the answer: see Respond.',
		name: 'toolNotice',
		type: 'notice',
		default: '',
		displayOptions: onlyTool,
	},
	{
		displayName: 'Assistant Names or IDs',
		name: 'toolAssistantIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getAssistants' },
		default: [],
		required: true,
		displayOptions: onlyTool,
		description:
			'Assistants that get the tool. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Other Tools to Keep',
		name: KEEP_PARAMETER,
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getMidCallTools' },
		default: [],
		displayOptions: onlyTool,
		description:
			"Mid-call tools the assistants above keep beside this one. Famulor does not report an assistant's tools and replaces the whole list, so publishing sets each assistant's tools to these plus this one: a tool not named here is taken off (and a named one is added to each assistant). Kept by name, so another workflow's tool stays when it is published again; an expression may give names or IDs. Choose from the list, or specify IDs using an <a href=\"https://docs.n8n.io/code/expressions/\">expression</a>.",
	},
	{
		displayName: 'Tool Name',
		name: 'toolName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. get_order_status',
		displayOptions: onlyTool,
		description:
			'Function name the assistant calls: lower-case letters and underscores, starting with a letter',
	},
	{
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'string',
		default: '',
		required: true,
		typeOptions: { rows: 2 },
		placeholder: 'e.g. Looks up the status of an order when the caller asks about their order',
		displayOptions: onlyTool,
		description: 'When the assistant should use the tool (max 255 characters)',
	},
	{
		...schemaProperty,
		name: 'toolParameters',
		displayOptions: onlyTool,
		description:
			'Values the assistant collects during the call and sends; each becomes a field of the output item',
	},
	{
		displayName: 'Timeout',
		name: 'toolTimeout',
		type: 'number',
		default: 10,
		typeOptions: { minValue: 1, maxValue: 30, numberPrecision: 0 },
		displayOptions: onlyTool,
		description:
			"Seconds the assistant waits for the workflow's answer, 1 to 30; the caller hears silence meanwhile",
	},
];
