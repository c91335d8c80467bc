import { updateDisplayOptions } from 'n8n-workflow';

import { readWrittenPhoneParameter } from '../common';
import { recipientPhonePropertyV2 } from './common';
import { planWith, properties, shown } from './sendFreeform.operation';

/**
 * Version 2 of WhatsApp → Send Free-Form Message takes the recipient's number as people write it;
 * the request is version 1's.
 */
export const description = updateDisplayOptions(shown, properties(recipientPhonePropertyV2));

export const prepare = planWith(readWrittenPhoneParameter);

export { effect, execute } from './sendFreeform.operation';
