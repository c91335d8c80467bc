import { SEED } from '../../../sandbox';
import {
	describeTokenNeverShown,
	expectMiddleItemRefused,
	fieldTypes,
	locator,
	notAnIdRow,
	onlyItemOf,
	phoneItems,
	type RunOptions,
	useDrivenKit,
} from '../kit';

const ALICE = SEED.alice;

const CUSTOMER = '+4915112345678';

const kit = useDrivenKit();

async function make(parameters: Record<string, unknown>, extra: RunOptions = {}) {
	return await kit().run(
		{
			resource: 'call',
			operation: 'make',
			assistantId: locator(ALICE.outboundAssistantId),
			phoneNumber: CUSTOMER,
			...parameters,
		} as never,
		extra,
	);
}

describe('Call → Make', () => {
	it('sends phone_number, assistant_id as a number and variables as an object, and outputs the response', async () => {
		const result = await make({
			assistantId: locator(ALICE.outboundAssistantId, 'list'),
			variables: {
				variable: [
					{ name: 'customer_name', value: 'Ada' },
					{ name: 'email', value: 'ada@example.com' },
				],
			},
		});
		const request = await kit().expectSentOnce(result, 'POST /api/user/make_call', {
			query: {},
			status: 200,
		});
		expect(request.contentType).toMatch(/^application\/json/);
		expect(request.headers.authorization).toBe('Bearer <alice>');
		expect(request.body).toEqual({
			phone_number: CUSTOMER,
			assistant_id: 102,
			variables: { customer_name: 'Ada', email: 'ada@example.com' },
		});
		expect(fieldTypes(request.body)).toEqual({
			phone_number: 'string',
			assistant_id: 'number',
			variables: 'object',
		});
		expect(onlyItemOf(result)).toEqual({
			message: 'Call initiated successfully',
			call_id: expect.any(Number),
			status: 'initiated',
		});
	});

	it('leaves variables out when none are given, and trims the phone number', async () => {
		const result = await make({ phoneNumber: ` ${CUSTOMER} ` });
		const request = await kit().expectSentOnce(result, 'POST /api/user/make_call');
		expect(request.body).toEqual({ phone_number: CUSTOMER, assistant_id: 102 });
	});

	const ASSISTANT = 'Assistant (assistant_id)';
	it.each([
		[
			'a phone number not in E.164',
			{ phoneNumber: '015112345678' },
			/Phone Number \(phone_number\) must be a phone number in E\.164 format/,
		],
		[
			'a phone number with spaces',
			{ phoneNumber: '+49 151 12345678' },
			/phone_number\) must be a phone number in E\.164/,
		],
		notAnIdRow('an assistant that is not an ID', 'assistantId', ASSISTANT, 'sales'),
		// Number() would read these as 102 and call with another assistant than the one written.
		[
			'an assistant ID in hex',
			{ assistantId: locator('={{ "0x66" }}') },
			/Assistant \(assistant_id\) must be a positive whole number \(an ID\), got 0x66/,
		],
		notAnIdRow('an assistant ID in exponent form', 'assistantId', ASSISTANT, '1.02e2'),
		notAnIdRow(
			'an assistant ID beyond the safe integer range',
			'assistantId',
			ASSISTANT,
			'9007199254740993',
		),
		[
			'a variable without a name',
			{ variables: { variable: [{ name: ' ', value: 'x' }] } },
			/Variables \(variables\) has a variable with an invalid name/,
		],
		[
			'a variable named __proto__',
			{ variables: { variable: [{ name: '__proto__', value: 'x' }] } },
			/Variables \(variables\) has a variable with an invalid name: "__proto__"/,
		],
	])('fails the item on %s and sends nothing', async (_case, parameters, message) => {
		const result = await make(parameters);
		expect(result.error?.message).toMatch(message);
		expect(await kit().requests()).toEqual([]);
	});

	it('maps 404 for an assistant of another account', async () => {
		const result = await make({ assistantId: locator(SEED.bob.outboundAssistantId) });
		expect(result.error?.message).toBe(
			'Famulor API error 404: Assistant not found or does not belong to the authenticated user',
		);
		expect(result.error?.context).toMatchObject({ httpCode: 404, errorCode: null });
	});

	it('maps 422 insufficient balance', async () => {
		await kit().control('POST', '/users/alice/balance', { balance: 0 });
		const result = await make({});
		expect(result.error?.message).toMatch(/422: Insufficient balance to make call/);
		expect(result.error?.context).toMatchObject({ httpCode: 422 });
	});

	it('never repeats a call whose outcome is unknown (500, then a reset connection)', async () => {
		await kit().fault({ method: 'POST', path: '/api/user/make_call', kind: '500', count: 5 });
		const failed = await make({});
		expect(failed.error?.message).toMatch(/not repeated/);
		expect(await kit().requests()).toHaveLength(1);
		await kit().control('DELETE', '/faults');

		await kit().clearRequests();
		await kit().fault({ method: 'POST', path: '/api/user/make_call', kind: 'reset', count: 5 });
		const reset = await make({});
		expect(reset.error?.message).toMatch(/outcome unknown/);
		expect(reset.error?.context).toMatchObject({ errorCode: 'OUTCOME_UNKNOWN' });
		expect(await kit().requests()).toHaveLength(1);
		await kit().control('DELETE', '/faults');
	});

	it('with Continue On Fail, calls the good numbers and returns the bad one as an error item', async () => {
		const input = phoneItems('+4915111111111', 'call me', '+4915122222222');
		const result = await make(
			{ phoneNumber: '={{ $json.phone }}' },
			{ continueOnFail: true, input },
		);
		expectMiddleItemRefused(result, /phone_number/);
		expect(result.output[0].json).toMatchObject({ status: 'initiated' });
		expect(result.output[1].json).toMatchObject({
			errorCode: null,
			fieldErrors: {},
		});
		expect(result.output[2].json).toMatchObject({ status: 'initiated' });
		expect(
			(await kit().requests()).map(
				(entry) => (entry.body as { phone_number: string }).phone_number,
			),
		).toEqual(['+4915111111111', '+4915122222222']);
	});

	it('with Continue On Fail, a service error becomes an error item with the status', async () => {
		const result = await make({ assistantId: locator(999) }, { continueOnFail: true });
		expect(result.output[0].json).toMatchObject({
			error: expect.stringMatching(/^Famulor API error 404/),
			httpCode: 404,
		});
	});
});

describeTokenNeverShown(kit, { title: 'Call: the API token', minRuns: 9 });
