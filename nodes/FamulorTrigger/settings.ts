import { NodeOperationError, type IDataObject, type IHookFunctions } from 'n8n-workflow';

import { parseId } from '../shared/ids';
import type { EventSettings } from './events';
import { isRegisteredEvent, type RegisteredEvent } from './state';

/** What the trigger's parameters ask for: the event, and for a registered webhook its assistant. */

export interface TriggerSettings extends EventSettings {
	assistantId: number;
	event: RegisteredEvent;
	replaceExisting: boolean;
}

/**
 * The event parameter; the read-receipt event registers nothing through the API, a mid-call tool
 * a tool (midCallTool/).
 */
export function readEvent(
	this: IHookFunctions,
): RegisteredEvent | 'whatsAppMessageStatus' | 'midCallTool' {
	const event = this.getNodeParameter('event') as string;
	if (event === 'whatsAppMessageStatus' || event === 'midCallTool' || isRegisteredEvent(event))
		return event;
	throw new NodeOperationError(
		this.getNode(),
		`Parameter "Event" has an unknown value "${String(event)}": pick an event from the list`,
	);
}

export function readSettings(this: IHookFunctions, event: RegisteredEvent): TriggerSettings {
	const rawId = this.getNodeParameter('assistantId', undefined, { extractValue: true });
	const assistantId = parseId(rawId);
	if (assistantId === undefined) {
		throw new NodeOperationError(
			this.getNode(),
			`Parameter "Assistant" must be a numeric assistant ID, got "${String(rawId ?? '')}"`,
		);
	}
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const flag = (name: string) => (typeof options[name] === 'boolean' ? options[name] : undefined);
	return {
		assistantId,
		event,
		// Only the post-call webhook has these settings
		// (https://docs.famulor.de/en/api-reference/assistants/update).
		onlyCompleted: event === 'callCompleted' ? flag('onlyCompleted') : undefined,
		includeRecording: event === 'callCompleted' ? flag('includeRecording') : undefined,
		replaceExisting: options.replaceExisting === true,
	};
}
