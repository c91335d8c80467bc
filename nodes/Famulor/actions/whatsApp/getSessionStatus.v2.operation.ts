import { updateDisplayOptions, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { readWrittenPhoneParameter } from '../common';
import type { OperationResult } from '../types';
import { recipientPhonePropertyV2 } from './common';
import * as getSessionStatusV1 from './getSessionStatus.operation';

/**
 * Version 2 of WhatsApp → Get Session Status takes the recipient's number as people write it; the
 * request is version 1's.
 */
export const description = updateDisplayOptions(
	getSessionStatusV1.shown,
	getSessionStatusV1.properties(recipientPhonePropertyV2),
);

export const prepare = getSessionStatusV1.planWith(readWrittenPhoneParameter);

/**
 * https://docs.famulor.de/en/api-reference/whatsapp/session-status answers without the numbers it was
 * asked about; version 2 puts them in front, so the next node (a send) can take them from this item.
 */
export async function execute(
	this: IExecuteFunctions,
	qs: IDataObject,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await getSessionStatusV1.execute.call(this, qs, itemIndex);
	return { sender_id: qs.sender_id, recipient_phone: qs.recipient_phone, ...response };
}
