import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { PHONE_NUMBER_HINT, checkPhoneNumber, type FieldName } from '../../validation';
import { checkRule } from './bodyBuilder';
import { choice, flag, text, type FieldRule } from './fieldKinds';

/**
 * Built-in tools of an assistant, one entry per documented type with its fields
 * (https://docs.famulor.de/en/api-reference/assistants/create, "Built-in Tools"). Sent as
 * `tools: [{type, ...fields}]`; on update the list replaces the stored one.
 */

/** A tool field's rule: the assistant field rules, or an E.164 phone number. */
type Rule = FieldRule | { kind: 'phone' };

interface ToolField {
	property: INodeProperties;
	field: string;
	rule: Rule;
	/** Text that must be given; other text and URLs are sent only when not empty. */
	required?: boolean;
}

const textField = (
	displayName: string,
	field: string,
	description: string,
	max?: number,
	required = false,
): ToolField => ({
	...text(displayName, field, field, required ? `${description} (required)` : description, max),
	required,
});
const flagField = (
	displayName: string,
	field: string,
	description: string,
	value: boolean,
): ToolField => flag(displayName, field, field, description, value);
const choiceField = (
	displayName: string,
	field: string,
	values: readonly string[],
	description: string,
): ToolField => choice(displayName, field, field, description, values, values);

/** Tool type → its display name and fields (`phone_number`-like fields are E.164 numbers). */
const TOOL_TYPES: Record<string, { displayName: string; fields: ToolField[] }> = {
	end_call: {
		displayName: 'End Call',
		fields: [textField('Description', 'description', 'When the AI should end the call', 500)],
	},
	dtmf_input: {
		displayName: 'DTMF Input',
		fields: [
			textField(
				'Description',
				'description',
				'When to send keypad tones, e.g. to navigate a phone menu',
				500,
			),
		],
	},
	collect_keypad: {
		displayName: 'Collect Keypad',
		fields: [
			{
				field: 'timeout',
				rule: { kind: 'number', min: 1, max: 30, integer: true },
				property: {
					displayName: 'Timeout',
					name: 'timeout',
					type: 'number',
					default: 5,
					description: 'Seconds to wait for input, 1 to 30',
				},
			},
			choiceField('Stop Key', 'stop_key', ['#', '*'], 'Key that ends the input'),
		],
	},
	call_transfer: {
		displayName: 'Call Transfer',
		fields: [
			{
				field: 'phone_number',
				rule: { kind: 'phone' },
				property: {
					displayName: 'Phone Number',
					name: 'phone_number',
					type: 'string',
					default: '',
					placeholder: '+4915112345678',
					description: `Number to transfer to (required), ${PHONE_NUMBER_HINT}`,
				},
			},
			textField('Description', 'description', 'When to transfer the call', 500),
			flagField(
				'Warm Transfer',
				'warm_transfer',
				'Whether the AI tells the customer before transferring',
				false,
			),
			textField(
				'Warm Transfer Message',
				'warm_transfer_message',
				'What the AI says before transferring',
				1000,
			),
		],
	},
	warm_call_transfer: {
		displayName: 'Warm Call Transfer',
		fields: [
			textField(
				'Supervisor Phone',
				'supervisor_phone',
				'Number (or SIP address with Custom SIP) of the supervisor',
				255,
				true,
			),
			{
				field: 'outbound_phone_id',
				rule: { kind: 'id' },
				property: {
					displayName: 'Outbound Phone Number ID',
					name: 'outbound_phone_id',
					type: 'string',
					default: '',
					placeholder: 'e.g. 11',
					description: 'ID of your number that dials the supervisor (required)',
				},
			},
			textField('Description', 'description', 'When to start the warm transfer', 500, true),
			flagField(
				'Custom SIP',
				'custom_sip',
				'Whether Supervisor Phone is a SIP address or extension',
				false,
			),
			choiceField(
				'Caller ID Mode',
				'caller_id_mode',
				['outbound_number', 'customer_number', 'custom'],
				'Which number the supervisor sees',
			),
			choiceField(
				'Hold Music',
				'hold_music',
				['hold_music', 'none'],
				'What the caller hears while on hold',
			),
			textField('Hold Message', 'hold_message', 'Said to the caller before the hold', 1000),
		],
	},
	calendar_integration: {
		displayName: 'Calendar Integration (Cal.com)',
		fields: [
			textField('Cal.com API Key', 'calcom_api_key', 'Your Cal.com API key', 255, true),
			textField('Event Slug', 'calcom_event_slug', 'Slug of the Cal.com event type', 255, true),
			textField('Team Slug', 'calcom_team_slug', 'Team slug if the event belongs to a team', 255),
			choiceField('Endpoint', 'calcom_endpoint', ['us', 'eu', 'custom'], 'Cal.com API region'),
			{
				field: 'calcom_custom_endpoint',
				rule: { kind: 'url' },
				property: {
					displayName: 'Custom Endpoint',
					name: 'calcom_custom_endpoint',
					type: 'string',
					default: '',
					description: 'Base URL when Endpoint is custom',
				},
			},
			textField('Description', 'description', 'When to offer scheduling', 500),
		],
	},
	assistant_transfer: {
		displayName: 'Assistant Transfer',
		fields: [
			{
				field: 'assistant_id',
				rule: { kind: 'id' },
				property: {
					displayName: 'Target Assistant ID',
					name: 'assistant_id',
					type: 'string',
					default: '',
					placeholder: 'e.g. 101',
					description: 'ID of the assistant that takes over; not this one (required)',
				},
			},
			textField('Description', 'description', 'When to hand over', 500),
			textField('Message Before Transfer', 'message_before_transfer', 'Said before switching', 500),
			flagField(
				'Speak Transfer Greeting',
				'speak_transfer_greeting',
				'Whether the target assistant speaks its initial message',
				true,
			),
		],
	},
};

/** Only a non-empty value is sent for optional text and URLs; required fields are checked even when empty. */
function readField(
	this: IExecuteFunctions,
	itemIndex: number,
	name: FieldName,
	{ rule, required }: ToolField,
	value: unknown,
): unknown {
	const optional = rule.kind === 'url' || (rule.kind === 'text' && !required);
	if (optional && (value === undefined || value === '')) return undefined;
	return rule.kind === 'phone'
		? checkPhoneNumber.call(this, itemIndex, name, value)
		: checkRule.call(this, itemIndex, name, rule, value);
}

export const builtinToolsProperty: INodeProperties = {
	displayName: 'Built-In Tools',
	name: 'tools',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Tool',
	default: {},
	description:
		'Transfers, ending the call, keypad input, scheduling and hand-over; on update the list replaces the stored tools',
	options: Object.entries(TOOL_TYPES).map(([type, { displayName, fields }]) => ({
		displayName,
		name: type,
		values: fields.map(({ property }) => property),
	})),
};

/** The `tools` array, in the order of the types above, each entry checked against its type's rules. */
export function readBuiltinTools(
	this: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
): IDataObject[] | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const groups = value as Record<string, IDataObject[] | undefined>;
	const tools: IDataObject[] = [];
	for (const [type, { displayName, fields }] of Object.entries(TOOL_TYPES)) {
		(groups[type] ?? []).forEach((entry, index) => {
			const tool: IDataObject = { type };
			for (const toolField of fields) {
				const { field, property } = toolField;
				const name = {
					label: `${displayName} ${property.displayName} (tool ${index + 1})`,
					field: `tools[].${field}`,
				};
				const read = readField.call(this, itemIndex, name, toolField, entry[property.name]);
				if (read !== undefined) tool[field] = read as IDataObject[string];
			}
			tools.push(tool);
		});
	}
	return tools.length > 0 ? tools : undefined;
}
