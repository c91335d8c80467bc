/**
 * Built-in assistant tools of the current API generation (`tools: [{type, ...}]`), with the fields
 * and rules of https://docs.famulor.de/en/api-reference/assistants/create ("Built-in Tools").
 */
import type { Body } from '../validation';
import type { State } from '../../model/store';
import type { User } from '../../model/accounts';
import { addError, checkValue, Errors, isPlainObject } from '../validation';

/** Per tool type: its fields and their rules (`required` where the docs say so). */
const TOOL_FIELDS: Record<string, Record<string, string[]>> = {
	call_transfer: {
		phone_number: ['required', 'string'],
		description: ['nullable', 'string', 'max:500'],
		custom: ['boolean'],
		timezone: ['nullable', 'string', 'timezone'],
		warm_transfer: ['boolean'],
		warm_transfer_message: ['nullable', 'string', 'max:1000'],
	},
	warm_call_transfer: {
		supervisor_phone: ['required', 'string'],
		outbound_phone_id: ['required', 'integer'],
		description: ['required', 'string', 'max:500'],
		custom_sip: ['boolean'],
		caller_id_mode: ['string', 'in:outbound_number,customer_number,custom'],
		custom_caller_id: ['nullable', 'string'],
		hold_music: ['string', 'in:hold_music,none'],
		hold_music_volume: ['integer', 'between:0,100'],
		hold_message: ['nullable', 'string', 'max:1000'],
		summary_instructions: ['nullable', 'string', 'max:2000'],
		briefing_initial_message: ['nullable', 'string', 'max:1000'],
		connected_message: ['nullable', 'string', 'max:1000'],
	},
	end_call: { description: ['nullable', 'string', 'max:500'] },
	dtmf_input: { description: ['nullable', 'string', 'max:500'] },
	collect_keypad: { timeout: ['integer', 'between:1,30'], stop_key: ['string', 'in:#,*'] },
	calendar_integration: {
		calcom_api_key: ['required', 'string'],
		calcom_event_slug: ['required', 'string'],
		calcom_team_slug: ['nullable', 'string'],
		calcom_endpoint: ['string', 'in:us,eu,custom'],
		calcom_custom_endpoint: ['nullable', 'string', 'url'],
		calcom_booking_fields: ['array'],
		description: ['nullable', 'string', 'max:500'],
	},
	assistant_transfer: {
		assistant_id: ['required', 'integer'],
		description: ['nullable', 'string', 'max:500'],
		message_before_transfer: ['nullable', 'string', 'max:500'],
		speak_transfer_greeting: ['boolean'],
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
		const phone = s.phoneNumbers.get(tool.outbound_phone_id);
		if (!phone || phone.user_id !== user.id)
			addError(
				errors,
				`${at}.outbound_phone_id`,
				`The selected ${at}.outbound_phone_id is invalid.`,
			);
	}
	if (tool.type === 'assistant_transfer' && typeof tool.assistant_id === 'number') {
		const target = s.assistants.get(tool.assistant_id);
		if (!target || target.user_id !== user.id)
			addError(errors, `${at}.assistant_id`, `The selected ${at}.assistant_id is invalid.`);
		else if (tool.assistant_id === selfId)
			addError(errors, `${at}.assistant_id`, 'An assistant cannot transfer to itself.');
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
