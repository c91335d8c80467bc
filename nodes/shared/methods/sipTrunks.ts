import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../transport';
import { matches, toItem } from './common';

export async function searchSipTrunks(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/phone-numbers/sip-trunks',
	});
	const results = unwrapList(response)
		.filter((trunk) =>
			matches(filter, trunk.phone_number, trunk.nickname, trunk.sip_address, trunk.id),
		)
		.map((trunk) =>
			toItem(
				`${String(trunk.phone_number)}${trunk.nickname ? ` (${String(trunk.nickname)})` : ''} @ ${String(trunk.sip_address)}`,
				trunk.id,
			),
		);
	return { results };
}
