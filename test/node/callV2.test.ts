/** Call → Get, Get Many, Delete and the outbound picker of Call → Make, in node version 2. */
import type { IDataObject, INodeListSearchResult, INodeProperties } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { actionNodeDescription, runLoadMethodOf } from '../../harness/engine';
import {
	expectFailedBeforeSending,
	jsonOf,
	locator,
	only,
	useKit,
	visibleText,
	type RunOptions,
} from './kit';

const ALICE = SEED.alice;
const CALL = ALICE.completedCallId;

const kit = useKit({ callDurationMs: 0 });

async function run(parameters: IDataObject, options: RunOptions = {}) {
	return await kit().run({ resource: 'call', ...parameters } as never, {
		typeVersion: 2,
		...options,
	});
}

/** Every call of alice, newest first, as the service lists them. */
async function listedIds(query = ''): Promise<number[]> {
	const { json } = await kit().api('GET', `/api/user/calls?per_page=100${query}`);
	return (json.data as IDataObject[]).map((call) => call.id as number);
}

describe('Call → Get (v2)', () => {
	it('reads one call by ID and outputs the bare record with transcript, evaluation, costs and recording', async () => {
		const result = await run({ operation: 'get', callId: locator(CALL) });
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({
			method: 'GET',
			path: `/api/user/calls/${CALL}`,
			query: {},
			status: 200,
		});
		expect(result.output).toHaveLength(1);
		expect(result.output[0].pairedItem).toEqual({ item: 0 });
		const expected = (await kit().api('GET', `/api/user/calls/${CALL}`)).json;
		expect(result.output[0].json).toEqual(expected);
		expect(result.output[0].json).toMatchObject({
			id: CALL,
			total_cost: expect.any(String),
			evaluation: expect.arrayContaining([expect.objectContaining({ name: 'summary' })]),
		});
	});

	it('takes the ID chosen from the list, or from an expression, per item', async () => {
		const [first, second] = await listedIds();
		await kit().clearRequests();
		const result = await run(
			{ operation: 'get', callId: locator('={{ $json.id }}', 'list') },
			{ input: [{ json: { id: first } }, { json: { id: second } }] },
		);
		expect(jsonOf(result).map((call) => call.id)).toEqual([first, second]);
		expect((await kit().requests()).map((entry) => entry.path)).toEqual([
			`/api/user/calls/${first}`,
			`/api/user/calls/${second}`,
		]);
	});

	it.each([['abc'], ['0'], ['12.5']])(
		'a call ID %s fails before sending, naming the field',
		async (id) => {
			const result = await run({ operation: 'get', callId: locator(`={{ "${id}" }}`) });
			await expectFailedBeforeSending(kit(), result, 'Call (id) must be a positive whole number');
		},
	);

	it('another account’s call is a 404 with the service’s message; under Continue On Fail an error item', async () => {
		const foreign = SEED.bob.callIds[0];
		const failed = await run({ operation: 'get', callId: locator(foreign) });
		expect(failed.error?.message).toBe('Famulor API error 404: Call not found');
		const result = await run(
			{ operation: 'get', callId: locator('={{ $json.id }}') },
			{ continueOnFail: true, input: [{ json: { id: CALL } }, { json: { id: foreign } }] },
		);
		expect(result.output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(result.output[0].json).toMatchObject({ id: CALL });
		expect(result.output[1].json).toMatchObject({
			error: 'Famulor API error 404: Call not found',
			httpCode: 404,
		});
	});
});

describe('Call → Get Many (v2)', () => {
	it('Limit asks for one page of that size and outputs the newest calls, one item each', async () => {
		const result = await run({ operation: 'getAll', returnAll: false, limit: 5 });
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: '/api/user/calls',
			query: { per_page: '5', page: '1' },
		});
		expect(jsonOf(result).map((call) => call.id)).toEqual((await listedIds()).slice(0, 5));
		expect(result.output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);
	});

	it('Return All follows the pages (100 per page) to the last one; a Limit above one page stops inside the second', async () => {
		for (let n = 0; n < 75; n++) {
			const made = await kit().api('POST', '/api/user/make_call', {
				phone_number: `+49151000${String(n).padStart(4, '0')}`,
				assistant_id: ALICE.outboundAssistantId,
			});
			expect(made.status).toBe(200);
		}
		const total = ALICE.callIds.length + 75;
		await kit().clearRequests();
		const all = await run({ operation: 'getAll', returnAll: true });
		expect(all.output).toHaveLength(total);
		expect(new Set(jsonOf(all).map((call) => call.id)).size).toBe(total);
		expect((await kit().requests()).map((entry) => entry.query)).toEqual([
			{ per_page: '100', page: '1' },
			{ per_page: '100', page: '2' },
		]);

		await kit().clearRequests();
		const limited = await run({ operation: 'getAll', returnAll: false, limit: 101 });
		expect(limited.output).toHaveLength(101);
		expect(jsonOf(limited).map((call) => call.id)).toEqual(
			jsonOf(all)
				.slice(0, 101)
				.map((call) => call.id),
		);
		expect(await kit().requests()).toHaveLength(2);
	});

	it('sends every filter as the documented query parameter and outputs what the service matched', async () => {
		const filters = {
			status: 'completed',
			type: 'outbound',
			phoneNumber: '+49151',
			assistantId: locator(ALICE.outboundAssistantId, 'list'),
			campaignId: String(ALICE.campaign.id),
			dateFrom: '2000-01-01T00:00:00',
			dateTo: '2100-12-31T23:59:59',
		};
		const result = await run({ operation: 'getAll', returnAll: true, filters });
		expect(result.error).toBeUndefined();
		const query = {
			status: 'completed',
			type: 'outbound',
			phone_number: '+49151',
			assistant_id: String(ALICE.outboundAssistantId),
			campaign_id: String(ALICE.campaign.id),
			date_from: '2000-01-01',
			date_to: '2100-12-31',
		};
		expect(only(await kit().requests()).query).toEqual({ ...query, per_page: '100', page: '1' });
		const expected = await listedIds(`&${new URLSearchParams(query).toString()}`);
		expect(expected.length).toBeGreaterThan(0);
		expect(jsonOf(result).map((call) => call.id)).toEqual(expected);
		expect(
			jsonOf(result).every(
				(call) => call.status === 'completed' && call.campaign_name === ALICE.campaign.name,
			),
		).toBe(true);
	});

	it('a filter left empty is not sent', async () => {
		await run({
			operation: 'getAll',
			returnAll: false,
			limit: 3,
			filters: { phoneNumber: '', campaignId: '', assistantId: locator('', 'list') },
		});
		expect(only(await kit().requests()).query).toEqual({ per_page: '3', page: '1' });
	});

	it.each([
		[
			'a customer number with letters',
			{ phoneNumber: '+49 abc' },
			'Client Phone Number (phone_number) must be a phone number or its beginning',
		],
		[
			'a campaign ID that is not an ID',
			{ campaignId: 'spring' },
			'Campaign ID (campaign_id) must be a positive whole number',
		],
		[
			'a date that does not exist',
			{ dateFrom: '2026-02-30' },
			'Created From (date_from) must be a date like 2026-01-31',
		],
		[
			'an end before the start',
			{ dateFrom: '2026-03-02', dateTo: '2026-03-01' },
			'Created Until (date_to) must be on or after Created From (2026-03-02)',
		],
		[
			'a status the service does not know',
			{ status: '={{ "done" }}' },
			'Status (status) must be one of',
		],
	])('%s fails before sending, naming the field and the rule', async (_case, filters, message) => {
		const result = await run({ operation: 'getAll', returnAll: true, filters });
		await expectFailedBeforeSending(kit(), result, message);
	});

	it('an invalid item stops the run before any item is sent; under Continue On Fail only that item fails', async () => {
		const input = [{ json: { phone: '+49151' } }, { json: { phone: 'nope' } }];
		const stopped = await run(
			{
				operation: 'getAll',
				returnAll: false,
				limit: 2,
				filters: { phoneNumber: '={{ $json.phone }}' },
			},
			{ input },
		);
		expect(stopped.error?.message).toMatch(/phone_number/);
		expect(await kit().requests()).toEqual([]);
		const result = await run(
			{
				operation: 'getAll',
				returnAll: false,
				limit: 2,
				filters: { phoneNumber: '={{ $json.phone }}' },
			},
			{ input, continueOnFail: true },
		);
		expect(result.output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
		]);
		expect(result.output[2].json).toMatchObject({
			error: expect.stringMatching(/Client Phone Number \(phone_number\)/),
		});
		expect(only(await kit().requests()).query).toMatchObject({ phone_number: '+49151' });
	});
});

describe('Call → Delete (v2)', () => {
	it('deletes the call, outputs {call_id, deleted}, and the call is gone afterwards', async () => {
		const result = await run({ operation: 'delete', callId: locator(CALL) });
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'DELETE',
			path: `/api/user/calls/${CALL}`,
			status: 200,
		});
		expect(jsonOf(result)).toEqual([
			{ call_id: CALL, deleted: true, message: 'Call deleted successfully' },
		]);
		expect((await kit().api('GET', `/api/user/calls/${CALL}`)).status).toBe(404);
	});

	it('a second delete of the same call fails with the documented 404', async () => {
		await run({ operation: 'delete', callId: locator(CALL) });
		const again = await run({ operation: 'delete', callId: locator(CALL) });
		expect(again.error?.message).toBe(
			'Famulor API error 404: Call not found or does not belong to the authenticated user',
		);
		expect(again.error?.context).toMatchObject({ httpCode: 404 });
	});

	it('is never repeated when its outcome is unknown (a reset connection, then a 500)', async () => {
		await kit().fault({ method: 'DELETE', path: `/api/user/calls/${CALL}`, kind: '500', count: 5 });
		const failed = await run({ operation: 'delete', callId: locator(CALL) });
		expect(failed.error?.message).toMatch(/outcome unknown\)\. It was sent once and not repeated/);
		expect(await kit().requests()).toHaveLength(1);
		await kit().control('DELETE', '/faults');
		await kit().clearRequests();
		await kit().fault({
			method: 'DELETE',
			path: `/api/user/calls/${CALL}`,
			kind: 'reset',
			count: 5,
		});
		const result = await run({ operation: 'delete', callId: locator(CALL) });
		expect(result.error?.context).toMatchObject({ errorCode: 'OUTCOME_UNKNOWN' });
		expect(await kit().requests()).toHaveLength(1);
	});

	it("is not sent again by n8n's Retry On Fail after an unknown outcome", async () => {
		await kit().fault({ method: 'DELETE', path: `/api/user/calls/${CALL}`, kind: '500', count: 5 });
		const result = await run(
			{ operation: 'delete', callId: locator(CALL) },
			{ settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 } },
		);
		expect(result.error?.message).toMatch(/not sent again/);
		expect(await kit().requests()).toHaveLength(1);
	});

	it('when a later item fails, the error names the deletions that already took effect', async () => {
		const [first] = await listedIds();
		await kit().clearRequests();
		const input = [
			{ json: { id: first } },
			{ json: { id: SEED.bob.callIds[0] } },
			{ json: { id: CALL } },
		];
		const result = await run(
			{ operation: 'delete', callId: locator('={{ $json.id }}') },
			{ input },
		);
		expect(result.error?.message).toMatch(/404/);
		expect(result.error?.message).toContain(
			`1 call deletion of other items took effect (call_id: ${first})`,
		);
		expect((await kit().requests()).map((entry) => entry.path)).toEqual([
			`/api/user/calls/${first}`,
			`/api/user/calls/${SEED.bob.callIds[0]}`,
		]);
		expect((await kit().api('GET', `/api/user/calls/${CALL}`)).status).toBe(200);
	});

	it('says in the editor that the recording is deleted too', () => {
		const properties = actionNodeDescription(2).properties.filter(
			(property) =>
				property.displayOptions?.show?.operation?.includes('delete') &&
				property.displayOptions?.show?.resource?.includes('call'),
		);
		expect(properties.map((property) => property.displayName).join(' ')).toMatch(/recording/);
	});
});

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

describe('Call (v2): the API token', () => {
	it('never appears in any output item, error message, description or context', () => {
		expect(kit().runs.length).toBeGreaterThan(10);
		for (const result of kit().runs)
			expect(visibleText(result)).not.toContain(kit().credentials.apiToken);
	});
});
