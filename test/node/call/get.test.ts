import { CALL, kit, run, listedIds } from './setup.v2';
import { SEED } from '../../../sandbox';
import { describeTokenNeverShown, expectPairedWith, jsonOf, locator } from '../kit';

describe('Call → Get (v2)', () => {
	it('reads one call by ID and outputs the bare record with transcript, evaluation, costs and recording', async () => {
		const result = await run({ operation: 'get', callId: locator(CALL) });
		await kit().expectSentOnce(result, `GET /api/user/calls/${CALL}`, { query: {}, status: 200 });
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
			await kit().expectFailedBeforeSending(result, 'Call (id) must be a positive whole number');
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
		expectPairedWith(result, [0, 1]);
		expect(result.output[0].json).toMatchObject({ id: CALL });
		expect(result.output[1].json).toMatchObject({
			error: 'Famulor API error 404: Call not found',
			httpCode: 404,
		});
	});
});

describeTokenNeverShown(kit);
