import { WRITTEN_PHONE } from '../common';
import { variant } from './sendFreeform.operation';

/**
 * Version 2 of WhatsApp → Send Free-Form Message takes the recipient's number as people write it;
 * the request is version 1's.
 */
export const { description, effect, prepare, execute } = variant({ reads: WRITTEN_PHONE });
