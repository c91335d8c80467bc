import { SEED } from '../../../sandbox';
import {
	describeTokenNeverShown,
	expectPairedWith,
	fieldTypes,
	jsonOf,
	locator,
	only,
	type RunOptions,
	useDrivenKit,
	v2Run,
	v2Search,
} from '../kit';

const ALICE = SEED.alice;

const kit = useDrivenKit();

/** These operations exist in version 2 of the node only. */
const run = v2Run(kit);
const load = v2Search(kit);

const sms = async (parameters: Record<string, unknown>, options: RunOptions = {}) =>
	await run(
		{
			resource: 'sms',
			operation: 'send',
			from: locator(ALICE.smsPhoneNumberId),
			to: '+4915123456789',
			body: 'Ihr Code: 1234',
			...parameters,
		},
		options,
	);

describe('SMS → Send', () => {
	it("sends from the number's ID to an E.164 number and outputs the SMS record, not the wrapper, with the service's message", async () => {
		const result = await sms({});
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({ method: 'POST', path: '/api/user/sms' });
		expect(request.body).toEqual({ from: 11, to: '+4915123456789', body: 'Ihr Code: 1234' });
		expect(fieldTypes(request.body)).toEqual({ from: 'number', to: 'string', body: 'string' });
		expect(jsonOf(result)).toEqual([
			{
				sms_id: expect.stringMatching(/^SMS_/),
				from: '+14155550101',
				to: '+4915123456789',
				body: 'Ihr Code: 1234',
				segments: 1,
				cost: 0.09,
				currency: 'EUR',
				status: 'sent',
				message: 'SMS sent successfully',
			},
		]);
		expect(result.output[0].pairedItem).toEqual({ item: 0 });
	});

	it('accepts exactly 300 characters', async () => {
		expect((await sms({ body: 'x'.repeat(300) })).error).toBeUndefined();
	});

	it.each([
		['301 characters', { body: 'x'.repeat(301) }, 'body'],
		['an empty message', { body: ' ' }, 'body'],
		['a recipient not in E.164', { to: '0151 23456789' }, 'to'],
		['a From Number that is not an ID', { from: locator('={{ "+14155550101" }}') }, 'from'],
	])('refuses %s before sending', async (_case, parameters, field) => {
		await kit().expectFailedBeforeSending(await sms(parameters), `(${field})`);
	});

	it('maps the documented 400s (not SMS-capable, insufficient balance) and never repeats the billed send', async () => {
		const notCapable = await sms({ from: locator(ALICE.nonSmsPhoneNumberId) });
		expect(notCapable.error?.message).toMatch(/Phone number is not SMS-capable/);
		expect(notCapable.error?.context).toMatchObject({ httpCode: 400 });
		await kit().control('POST', '/users/alice/balance', { balance: 0 });
		await kit().clearRequests();
		const poor = await sms({});
		expect(poor.error?.message).toMatch(/Insufficient balance to send SMS/);
		await kit().control('POST', '/users/alice/balance', { balance: 25 });
		await kit().clearRequests();
		await kit().fault({ method: 'POST', path: '/api/user/sms', count: 1, kind: '502' });
		const unknown = await sms({});
		expect(unknown.error?.context).toMatchObject({ errorCode: 'OUTCOME_UNKNOWN' });
		expect(await kit().requests('/api/user/sms')).toHaveLength(1);
		expect(await kit().control<unknown[]>('GET', '/sms')).toHaveLength(0);
	});

	it('with Continue On Fail, a bad item becomes an error item and the others are sent', async () => {
		const input = [{ json: { to: '+4915123456789' } }, { json: { to: 'x' } }];
		const result = await sms({ to: '={{ $json.to }}' }, { continueOnFail: true, input });
		expectPairedWith(result, [0, 1]);
		expect(result.output[0].json.status).toBe('sent');
		expect(result.output[1].json).toMatchObject({ error: expect.stringMatching(/To \(to\)/) });
		expect(await kit().requests('/api/user/sms')).toHaveLength(1);
	});

	it('lists only SMS-capable numbers with an active subscription in the From Number picker', async () => {
		const all = await load<{ results: unknown[] }>('searchSmsPhoneNumbers');
		expect(all.results).toEqual([{ name: '+14155550101 (US support line)', value: '11' }]);
		expect(only(await kit().requests()).path).toBe('/api/user/phone-numbers/all');
	});
});

describeTokenNeverShown(kit);
