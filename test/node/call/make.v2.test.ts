import { kit, listedIds } from './setup.v2';
import type { IDataObject, INodeListSearchResult, INodeProperties } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import { actionNodeDescription, runLoadMethodOf } from '../../../harness/engine';
import { only } from '../kit';

const ALICE = SEED.alice;

const CALL = ALICE.completedCallId;

describe('Call pickers (v2)', () => {
	const credentials = () => ({ apiToken: kit().sandbox.tokens.alice, baseUrl: kit().sandbox.url });
	const assistantPicker = (version: number): INodeProperties | undefined =>
		actionNodeDescription(version).properties.find(
			(property) =>
				property.name === 'assistantId' &&
				property.displayOptions?.show?.resource?.includes('call'),
		);

	it('Make lists only outbound assistants in version 2; version 1 keeps the list of all assistants', async () => {
		const method = (picker: INodeProperties | undefined) =>
			(
				picker?.modes?.find((mode) => mode.name === 'list')?.typeOptions as
					{ searchListMethod?: string } | undefined
			)?.searchListMethod;
		expect(method(assistantPicker(1))).toBe('searchAssistants');
		expect(method(assistantPicker(2))).toBe('searchOutboundAssistants');
		const found = await runLoadMethodOf<INodeListSearchResult>({
			kind: 'listSearch',
			method: 'searchOutboundAssistants',
			credentials: credentials(),
			typeVersion: 2,
		});
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: '/api/user/assistants/outbound',
		});
		const outbound = (
			(await kit().api('GET', '/api/user/assistants/outbound')).json as unknown as IDataObject[]
		).map((assistant) => String(assistant.id));
		expect(found.results.map((item) => item.value)).toEqual(outbound);
		expect(found.results.map((item) => item.value)).not.toContain(String(ALICE.inboundAssistantId));
	});

	it('the call picker lists calls newest first with a readable name; a +number filter is sent as phone_number', async () => {
		const listed = await runLoadMethodOf<INodeListSearchResult>({
			kind: 'listSearch',
			method: 'searchCalls',
			credentials: credentials(),
			typeVersion: 2,
		});
		expect(listed.results.map((item) => Number(item.value))).toEqual(await listedIds());
		expect(listed.results.find((item) => item.value === String(CALL))?.name).toMatch(
			new RegExp(`^#${CALL} · Sales Outreach · \\+\\d+ · completed`),
		);
		await kit().clearRequests();
		const byPhone = await runLoadMethodOf<INodeListSearchResult>({
			kind: 'listSearch',
			method: 'searchCalls',
			credentials: credentials(),
			typeVersion: 2,
			args: ['+49176111'],
		});
		expect(only(await kit().requests()).query).toMatchObject({ phone_number: '+49176111' });
		expect(byPhone.results.length).toBeGreaterThan(0);
		expect(byPhone.results.every((item) => item.name.includes('+49176111'))).toBe(true);
	});
});
