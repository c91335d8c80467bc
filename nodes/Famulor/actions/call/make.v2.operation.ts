import { outboundAssistantLocator } from '../../../shared/descriptions';
import { WRITTEN_PHONE } from '../common';
import { variant } from './make.operation';

/**
 * Version 2 of Call → Make lists only the assistants that can call out and takes the number as people
 * write it; the parameter keeps its name, so the plan's shape and the send are version 1's.
 */
export const { description, effect, prepare, execute } = variant({
	reads: {
		assistant: outboundAssistantLocator(
			'assistantId',
			'The outbound assistant that makes the call',
		),
		phone: WRITTEN_PHONE,
	},
});
