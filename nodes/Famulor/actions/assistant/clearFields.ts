import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalid } from '../../validation';
import type { BodyInput } from './bodyBuilder';

/** Update: fields that `null` (or `[]` for lists) clears, as the update page documents. */
export const CLEARABLE: Record<string, { field: string; value: null | [] }> = {
	'Phone Number': { field: 'phone_number_id', value: null },
	'Webhook URL': { field: 'webhook_url', value: null },
	'Knowledge Base': { field: 'knowledgebase_id', value: null },
	Folder: { field: 'folder_id', value: null },
	'Chat LLM Fallback': { field: 'chat_llm_fallback_id', value: null },
	'Turn Detection Threshold (Back to Automatic)': {
		field: 'turn_detection_threshold',
		value: null,
	},
	'TTS Provider': { field: 'synthesizer_provider_id', value: null },
	'STT Provider': { field: 'transcriber_provider_id', value: null },
	'Max Initial Silence Duration': { field: 'max_initial_silence_duration', value: null },
	'Re-Engagement Prompt': { field: 'reengagement_prompt', value: null },
	'Voicemail Message': { field: 'voice_mail_message', value: null },
	'Min Interrupt Words (Turns the Rule Off)': { field: 'min_interrupt_words', value: null },
	'All Labels': { field: 'label_ids', value: [] },
	'All Mid-Call Tools': { field: 'tool_ids', value: [] },
	'All Built-In Tools': { field: 'tools', value: [] },
	'All Secondary Languages': { field: 'secondary_language_ids', value: [] },
};

/** Update's "Fields to Clear" (version 2). */
export const clearFieldsProperty: INodeProperties = {
	displayName: 'Fields to Clear',
	name: 'clearFields',
	type: 'multiOptions',
	options: Object.keys(CLEARABLE).map((name) => ({ name, value: name })),
	default: [],
	description:
		'Settings to remove (sent as null, lists as empty lists); a field cannot be both set and cleared',
};

/** Sends each chosen field as its clearing value; a field the body already sets is refused. */
export function clearFields(
	this: IExecuteFunctions,
	{ itemIndex, values }: BodyInput,
	body: IDataObject,
): void {
	const chosen = values[clearFieldsProperty.name];
	for (const choice of Array.isArray(chosen) ? (chosen as string[]) : []) {
		const clear = CLEARABLE[choice];
		if (!clear)
			throw invalid.call(
				this,
				itemIndex,
				{ label: 'Fields to Clear', field: choice },
				`has an unknown entry; use one of ${Object.keys(CLEARABLE).join(', ')}`,
			);
		if (body[clear.field] !== undefined) {
			throw invalid.call(
				this,
				itemIndex,
				{ label: choice, field: clear.field },
				'is both set and cleared; use one or the other',
			);
		}
		body[clear.field] = clear.value;
	}
}
