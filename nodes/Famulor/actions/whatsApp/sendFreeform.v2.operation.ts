import { updateDisplayOptions } from 'n8n-workflow';

import { recipientPhonePropertyV2 } from './common';
import { properties, shown } from './sendFreeform.operation';

/**
 * Version 2 of WhatsApp → Send Free-Form Message takes the recipient's number as people write
 * it; the plan and the request are version 1's.
 */
export const description = updateDisplayOptions(shown, properties(recipientPhonePropertyV2));

export { effect, execute, prepare } from './sendFreeform.operation';
