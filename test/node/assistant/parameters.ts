/**
 * Assistant → Create's parameters in both versions of the node, without a kit: suites of either
 * version and of the API generations build on them.
 */
import type { INodeParameters } from 'n8n-workflow';

import { locator, operationParameters } from '../parameters';

/** Version 1's required fields: by the node's parameter name, the API's name for it and the value sent. */
const REQUIRED_FIELDS: Record<string, [apiName: string, value: string | number]> = {
	assistantName: ['assistant_name', 'Reminder Bot'],
	voiceId: ['voice_id', 1001],
	language: ['language', 'German'],
	llmModel: ['llm_model', 'gpt-4o'],
	callsDirection: ['calls_direction', 'make'],
	engineType: ['engine_type', 'pipeline'],
	timezone: ['timezone', 'Europe/Berlin'],
	initialMessage: ['initial_message', 'Hallo!'],
	systemPrompt: ['system_prompt', 'You remind customers of appointments.'],
};

/** Version 1's required parameters, and the body they make. */
export const REQUIRED: INodeParameters = Object.fromEntries(
	Object.entries(REQUIRED_FIELDS).map(([parameter, [, value]]) => [parameter, value]),
);
export const REQUIRED_BODY = Object.fromEntries(Object.values(REQUIRED_FIELDS));

/** Version 2's required parameters (the current API's names, picked from lists). */
export const REQUIRED_V2: INodeParameters = {
	name: 'Reminder Bot',
	mode: 'pipeline',
	type: 'outbound',
	languageId: locator(5, 'list'),
	voiceId: locator(1001, 'list'),
	modelId: locator(2, 'list'),
	timezone: 'Europe/Berlin',
	initialMessage: 'Hallo!',
	systemPrompt: 'You remind customers of appointments.',
};

/** Create's parameters in version 1 and 2: the required ones, overridden, and Additional Fields. */
export const createV1 = operationParameters('assistant', 'create', REQUIRED, 'additionalFields');
export const createV2 = operationParameters('assistant', 'create', REQUIRED_V2, 'additionalFields');
