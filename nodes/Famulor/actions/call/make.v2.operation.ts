import { updateDisplayOptions } from 'n8n-workflow';

import { outboundAssistantLocator } from '../../../shared/descriptions';
import { PHONE_NUMBER_HINT } from '../../validation';
import { readWrittenPhoneParameter } from '../common';
import { planWith, properties, shown } from './make.operation';

/**
 * Version 2 of Call → Make lists only the assistants that can call out and takes the number as people
 * write it; the parameter keeps its name, so the plan's shape and the send are version 1's.
 */
export const description = updateDisplayOptions(
	shown,
	properties(
		outboundAssistantLocator('assistantId', 'The outbound assistant that makes the call'),
		PHONE_NUMBER_HINT,
	),
);

export const prepare = planWith(readWrittenPhoneParameter);

export { effect, execute } from './make.operation';
