/**
 * Built-in assistant tools of the current API generation (`tools: [{type, ...}]`), with the fields
 * and rule kinds (ruleKinds.ts) of https://docs.famulor.de/en/api-reference/assistants/create ("Built-in Tools").
 */
import type { User } from '../../model/accounts';
import type { State } from '../../model/store';
import {
	addError,
	checkValue,
	isPlainObject,
	type Body,
	type Errors,
	type Rules,
} from '../validation';
import {
	choice,
	flag,
	list,
	nullable,
	ownRecord,
	rejectSelection,
	required,
	text,
	timeZone,
	webAddress,
	wholeNumber,
	wholeRange,
} from './ruleKinds';

/** Per tool type: its fields and their rules (`required` where the docs say so). */
const TOOL_FIELDS: Record<string, Rules> = {
	call_transfer: {
		phone_number: required(text()),
		description: nullable(text(500)),
		custom: flag(),
		timezone: nullable(timeZone()),
		warm_transfer: flag(),
		warm_transfer_message: nullable(text(1000)),
	},
	warm_call_transfer: {
		supervisor_phone: required(text()),
		outbound_phone_id: required(wholeNumber()),
		description: required(text(500)),
		custom_sip: flag(),
		caller_id_mode: choice('outbound_number', 'customer_number', 'custom'),
		custom_caller_id: nullable(text()),
		hold_music: choice('hold_music', 'none'),
		hold_music_volume: wholeRange(0, 100),
		hold_message: nullable(text(1000)),
		summary_instructions: nullable(text(2000)),
		briefing_initial_message: nullable(text(1000)),
		connected_message: nullable(text(1000)),
	},
	end_call: { description: nullable(text(500)) },
	dtmf_input: { description: nullable(text(500)) },
	collect_keypad: { timeout: wholeRange(1, 30), stop_key: choice('#', '*') },
	calendar_integration: {
		calcom_api_key: required(text()),
		calcom_event_slug: required(text()),
		calcom_team_slug: nullable(text()),
		calcom_endpoint: choice('us', 'eu', 'custom'),
		calcom_custom_endpoint: nullable(webAddress()),
		calcom_booking_fields: list(),
		description: nullable(text(500)),
	},
	assistant_transfer: {
		assistant_id: required(wholeNumber()),
		description: nullable(text(500)),
		message_before_transfer: nullable(text(500)),
		speak_transfer_greeting: flag(),
	},
};

export const BUILTIN_TOOL_TYPES = Object.keys(TOOL_FIELDS);

/** Checks one tool's references: numbers and target assistants of the same user, no self-transfer. */
function checkReferences(
	s: State,
	user: User,
	tool: Body,
	at: string,
	errors: Errors,
	selfId?: number,
): void {
	if (tool.type === 'warm_call_transfer' && typeof tool.outbound_phone_id === 'number') {
		const field = `${at}.outbound_phone_id`;
		if (!ownRecord(s.phoneNumbers, user, tool.outbound_phone_id))
			rejectSelection(errors, field, field);
	}
	if (tool.type === 'assistant_transfer' && typeof tool.assistant_id === 'number') {
		const field = `${at}.assistant_id`;
		if (!ownRecord(s.assistants, user, tool.assistant_id)) rejectSelection(errors, field, field);
		else if (tool.assistant_id === selfId)
			addError(errors, field, 'An assistant cannot transfer to itself.');
	}
}

/** Validates the `tools` array; returns the tools to store (all of them when there are no errors). */
export function validateBuiltinTools(
	s: State,
	user: User,
	tools: unknown[],
	errors: Errors,
	selfId?: number,
): Array<Record<string, unknown>> {
	const out: Array<Record<string, unknown>> = [];
	tools.forEach((tool, i) => {
		const at = `tools.${i}`;
		if (!isPlainObject(tool)) return addError(errors, at, `The ${at} must be an object.`);
		const fields = typeof tool.type === 'string' ? TOOL_FIELDS[tool.type] : undefined;
		if (!fields)
			return addError(
				errors,
				`${at}.type`,
				tool.type === undefined
					? `The ${at}.type field is required.`
					: `The selected ${at}.type is invalid.`,
			);
		const before = Object.keys(errors).length;
		for (const [field, rules] of Object.entries(fields)) {
			const message = checkValue(`${at}.${field}`, tool[field], rules, tool[field] !== undefined);
			if (message) addError(errors, `${at}.${field}`, message);
		}
		for (const field of Object.keys(tool)) {
			if (field !== 'type' && !(field in fields))
				addError(errors, `${at}.${field}`, `The ${at}.${field} field is prohibited.`);
		}
		checkReferences(s, user, tool, at, errors, selfId);
		if (Object.keys(errors).length === before) out.push({ ...tool });
	});
	return out;
}
