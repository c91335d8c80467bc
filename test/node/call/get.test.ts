import type { IDataObject } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import {
	expectFailedBeforeSending,
	jsonOf,
	locator,
	only,
	useKit,
	visibleText,
	type RunOptions,
} from '../kit';

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

describe('Call (v2): the API token', () => {
	it('never appears in any output item, error message, description or context', () => {
		expect(kit().runs.length).toBeGreaterThan(0);
		for (const result of kit().runs)
			expect(visibleText(result)).not.toContain(kit().credentials.apiToken);
	});
});
