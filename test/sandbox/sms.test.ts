/** POST /api/user/sms: the sent SMS, its segments and charge, and the documented errors. */
import { SEED } from '../../sandbox';
import { balanceOf, expectAnswer, expectInvalidFields, useSandbox } from './helpers';

const c = useSandbox();

const A = SEED.alice;
const balance = (user: 'alice' | 'bob') => balanceOf(c, user);

describe('POST /api/user/sms', () => {
	const sms = (over: Record<string, unknown> = {}, as: 'alice' | 'bob' = 'alice') =>
		c.post(
			'/api/user/sms',
			{ from: A.smsPhoneNumberId, to: '+4915123456789', body: 'Your code is 1234', ...over },
			as,
		);

	it('sends from the number id, answers with the phone string and segments, charges per segment, and records the SMS', async () => {
		const before = await balance('alice');
		const r = await sms();
		expectAnswer(r, 200, {
			message: 'SMS sent successfully',
			data: {
				sms_id: expect.stringMatching(/^SMS_\d+$/),
				from: '+14155550101',
				to: '+4915123456789',
				body: 'Your code is 1234',
				segments: 1,
				cost: 0.09,
				currency: 'EUR',
				status: 'sent',
			},
		});
		expect(await balance('alice')).toBeCloseTo(before - 0.09, 4);
		const log = (await c.ctl('GET', '/sms')).json;
		expect(log).toEqual([
			expect.objectContaining({
				sms_id: r.json.data.sms_id,
				phone_number_id: A.smsPhoneNumberId,
				to: '+4915123456789',
				segments: 1,
			}),
		]);
	});
	it('normalises the recipient to E.164 and splits long texts into segments (GSM-7 153, Unicode 67 per part)', async () => {
		const spaced = await sms({ to: '0049 151 2345-6789' });
		expect(spaced.json.data.to).toBe('+4915123456789');
		expect((await sms({ body: 'a'.repeat(160) })).json.data.segments).toBe(1);
		expect((await sms({ body: 'a'.repeat(161) })).json.data.segments).toBe(2);
		expect((await sms({ body: '😀'.repeat(71) })).json.data.segments).toBe(2);
		expect((await sms({ to: '+14155550199', body: 'a'.repeat(300) })).json.data).toMatchObject({
			segments: 2,
			cost: 0.02,
		});
	});
	it('answers the documented 400 bodies: bad number, unknown or foreign from, not SMS-capable, balance; and an inactive subscription', async () => {
		const cases: Array<[Record<string, unknown>, string]> = [
			[{ to: '12345' }, 'Invalid phone number format'],
			[{ from: 21 }, 'From number not found'],
			[{ from: 99999 }, 'From number not found'],
			[{ from: A.nonSmsPhoneNumberId }, 'Phone number is not SMS-capable'],
			[{ from: A.inactiveSmsPhoneNumberId }, 'Phone number subscription is not active'],
		];
		for (const [over, message] of cases) {
			const r = await sms(over);
			expect({ over, status: r.status, body: r.json }).toEqual({
				over,
				status: 400,
				body: { message },
			});
		}
		await c.ctl('POST', '/users/alice/balance', { balance: 0.05 });
		const poor = await sms();
		expectAnswer(poor, 400, { message: 'Insufficient balance to send SMS' });
		expect((await c.ctl('GET', '/sms')).json).toEqual([]);
	});
	it('validates the body with 422 field errors: from an integer, to and body required, body at most 300 characters', async () => {
		const empty = await c.post('/api/user/sms', {});
		expectInvalidFields(empty, ['body', 'from', 'to']);
		expect((await sms({ from: '+14155550101' })).json.errors).toEqual({
			from: ['The from must be an integer.'],
		});
		expect((await sms({ body: 'x'.repeat(301) })).json.errors).toEqual({
			body: ['The body may not be greater than 300 characters.'],
		});
		expect((await sms({ body: 'x'.repeat(300) })).status).toBe(200);
	});
});
