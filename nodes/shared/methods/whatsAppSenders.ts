import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../transport';
import { matches, toItem } from './common';

/** WhatsApp senders of the account (https://docs.famulor.de/en/api-reference/whatsapp/senders), offline ones marked. */
export async function searchWhatsAppSenders(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/whatsapp/senders',
		qs: { status: 'all' },
	});
	const results = unwrapList(response)
		.filter((sender) => matches(filter, sender.display_name, sender.phone_number, sender.id))
		.map((sender) => {
			const offline =
				sender.status && sender.status !== 'online' ? `, ${String(sender.status)}` : '';
			return toItem(
				`${String(sender.display_name ?? sender.phone_number)} (${String(sender.phone_number)}${offline})`,
				sender.id,
			);
		});
	return { results };
}
