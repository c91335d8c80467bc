import { WRITTEN_PHONE } from '../common';
import { variant } from './getSessionStatus.operation';

/**
 * Version 2 of WhatsApp → Get Session Status takes the recipient's number as people write it, and
 * puts the numbers it asked about in front of the answer (which has none), so the next node (a send)
 * can take them from this item; the request is version 1's.
 */
export const { description, prepare, execute } = variant({
	reads: WRITTEN_PHONE,
	outputs: (answer, qs) => ({
		sender_id: qs.sender_id,
		recipient_phone: qs.recipient_phone,
		...answer,
	}),
});
