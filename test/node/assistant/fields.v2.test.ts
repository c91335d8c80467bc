import { kit, create } from './setup.v2';
import type { INodeParameters } from 'n8n-workflow';
import { runLoadMethodOf } from '../../../harness/engine';
import { locator } from '../kit';

describe('pickers (version 2)', () => {
	const search = async (method: string, parameters: INodeParameters) =>
		await runLoadMethodOf<{ results: Array<{ value: string }> }>({
			kind: 'listSearch',
			method,
			credentials: kit().credentials,
			typeVersion: 2,
			parameters,
		});
	it('voices follow the chosen mode and language', async () => {
		const found = await search(
			'searchVoices',
			create({ mode: 'multimodal', languageId: locator(5) }),
		);
		expect(found.results.map((r) => r.value)).toEqual(['1102']);
		expect((await kit().requests('/api/user/assistants/voices'))[0].query).toEqual({
			mode: 'multimodal',
			language_id: '5',
		});
	});
	it('models follow the chosen mode; numbers follow the type', async () => {
		expect(
			(await search('searchModels', create({ mode: 'dualplex' }))).results.map((r) => r.value),
		).toEqual(['25']);
		expect(
			(await search('searchAssignablePhoneNumbers', create({ type: 'inbound' }))).results.map(
				(r) => r.value,
			),
		).toEqual(['12', '13']);
		expect((await search('searchFolders', create())).results.map((r) => r.value)).toEqual([
			'91',
			'92',
		]);
	});
});
