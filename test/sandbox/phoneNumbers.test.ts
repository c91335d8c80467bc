/**
 * Phone numbers: the owned list, the searchable inventory and its purchase, the nickname, and the
 * release of a dedicated number or a SIP trunk.
 */
import { SEED } from '../../sandbox';
import { expectAnswer, useSandbox } from './helpers';
import { SIP, trunk } from './sipTrunkKit';

const c = useSandbox({ documentProcessingMs: 2000 });

const ALICE = SEED.alice;

describe('phone numbers', () => {
	it('/all lists every owned number; legacy path only SMS-capable with active subscription', async () => {
		const all = await c.get('/api/user/phone-numbers/all');
		expect(all.status).toBe(200);
		expect(all.json.data.map((p: any) => p.id)).toEqual(SEED.alice.phoneNumberIds);
		expect(Object.keys(all.json.data[0]).sort()).toEqual(
			[
				'id',
				'phone_number',
				'nickname',
				'country_code',
				'type',
				'type_label',
				'sms_capable',
				'region',
				'has_active_subscription',
				'created_at',
			].sort(),
		);
		const legacy = await c.get('/user/phone-numbers');
		expect(legacy.status).toBe(200);
		expect(legacy.json.data.map((p: any) => p.id)).toEqual([SEED.alice.smsPhoneNumberId]);
		expect((await c.get('/user/phone-numbers', null)).status).toBe(401);
		const bob = await c.get('/api/user/phone-numbers/all', 'bob');
		expect(bob.json.data.map((p: any) => p.id)).toEqual(SEED.bob.phoneNumberIds);
	});
	it('searches a deterministic inventory (default DE) and filters by contains', async () => {
		const de = await c.get('/api/user/phone-numbers/search');
		expect(de.status).toBe(200);
		expect(de.json.data.length).toBeGreaterThan(0);
		expect(
			de.json.data.every((n: any) => n.country_code === 'DE' && /^\+49/.test(n.phone_number)),
		).toBe(true);
		expect(de.json.data[0]).toEqual({
			phone_number: expect.stringMatching(/^\+[1-9]\d{6,14}$/),
			phone_number_formatted: expect.any(String),
			country_code: 'DE',
			price: expect.any(Number),
			stripe_price_id: expect.any(String),
			address_requirements: expect.any(String),
			sms_capable: expect.any(Boolean),
		});
		const again = await c.get('/api/user/phone-numbers/search');
		expect(again.json).toEqual(de.json);
		const us = await c.get('/api/user/phone-numbers/search?country_code=US&contains=415');
		expect(us.json.data.length).toBeGreaterThan(0);
		expect(us.json.data.every((n: any) => n.phone_number.includes('415'))).toBe(true);
		for (const cc of SEED.supportedCountries) {
			const r = await c.get(`/api/user/phone-numbers/search?country_code=${cc}`);
			expect(r.status).toBe(200);
			expect(r.json.data.length).toBeGreaterThan(0);
		}
		const none = await c.get('/api/user/phone-numbers/search?country_code=US&contains=0000000000');
		expect(none.json).toEqual({ data: [] });
	});
	it('rejects bad search parameters', async () => {
		for (const [q, field] of [
			['country_code=FR', 'country_code'],
			['contains=12a', 'contains'],
			['contains=12345678901', 'contains'],
			['contains=%2B49', 'contains'],
		]) {
			const r = await c.get(`/api/user/phone-numbers/search?${q}`);
			expect(r.status).toBe(422);
			expect(Object.keys(r.json.errors)).toEqual([field]);
		}
		expect((await c.get('/api/user/phone-numbers/search?contains=1234567890')).status).toBe(200);
	});
	it('purchases a searched number once; it becomes owned and unsearchable', async () => {
		const found = (await c.get('/api/user/phone-numbers/search?country_code=GB')).json.data[0];
		const r = await c.post('/api/user/phone-numbers/purchase', {
			phone_number: found.phone_number,
		});
		expectAnswer(r, 201, {
			message: 'Phone number purchased successfully.',
			data: {
				id: expect.any(Number),
				phone_number: found.phone_number,
				country_code: 'GB',
				type: 'normal',
				sms_capable: found.sms_capable,
			},
		});
		const all = await c.get('/api/user/phone-numbers/all');
		expect(all.json.data.find((p: any) => p.phone_number === found.phone_number)).toMatchObject({
			has_active_subscription: true,
		});
		const search = await c.get('/api/user/phone-numbers/search?country_code=GB&per_page=100');
		expect(search.json.data.some((n: any) => n.phone_number === found.phone_number)).toBe(false);
		const twice = await c.post('/api/user/phone-numbers/purchase', {
			phone_number: found.phone_number,
		});
		expectAnswer(twice, 400, { error: 'This phone number is already in use.' });
		// the new number can be assigned to an assistant
		expect(
			(await c.put('/api/user/assistant/102', { phone_number_id: r.json.data.id })).status,
		).toBe(200);
	});
	it('refuses unsearched numbers, bad formats and users without a payment method', async () => {
		const unsearched = await c.post('/api/user/phone-numbers/purchase', {
			phone_number: '+4930999999999',
		});
		expect(unsearched.status).toBe(400);
		expect(unsearched.json.error).toMatch(/not available for purchase/);
		const bad = await c.post('/api/user/phone-numbers/purchase', { phone_number: '030 1234' });
		expectAnswer(bad, 422, {
			error: 'Unable to parse phone number. Please provide a valid E.164 format number.',
		});
		const missing = await c.post('/api/user/phone-numbers/purchase', {});
		expect(missing.status).toBe(422);
		expect(missing.json.errors.phone_number).toBeDefined();
		const found = (await c.get('/api/user/phone-numbers/search?country_code=US', 'bob')).json
			.data[0];
		const bob = await c.post(
			'/api/user/phone-numbers/purchase',
			{ phone_number: found.phone_number },
			'bob',
		);
		expect(bob.status).toBe(402);
		expect(bob.json.error).toMatch(/^No payment method found\./);
		// a number searched by bob is not "searched" for alice
		const alice = await c.post('/api/user/phone-numbers/purchase', {
			phone_number: found.phone_number,
		});
		expect(alice.status).toBe(400);
	});
});

describe('phone numbers: nickname and release', () => {
	it('sets and clears the nickname (max 50); foreign → 404', async () => {
		const r = await c.put(`/api/user/phone-numbers/${ALICE.nonSmsPhoneNumberId}`, {
			nickname: 'Berlin line',
		});
		expectAnswer(r, 200, {
			message: 'Phone number updated successfully.',
			data: {
				id: 12,
				phone_number: '+493012345670',
				nickname: 'Berlin line',
				country_code: 'DE',
				type: 'normal',
			},
		});
		expect(
			(await c.put('/api/user/phone-numbers/12', { nickname: '' })).json.data.nickname,
		).toBeNull();
		const long = await c.put('/api/user/phone-numbers/12', { nickname: 'x'.repeat(51) });
		expectAnswer(long, 422, {
			message: 'The nickname must not exceed 50 characters.',
			errors: { nickname: ['The nickname must not exceed 50 characters.'] },
		});
		const foreign = await c.put(`/api/user/phone-numbers/${SEED.bob.phoneNumberIds[0]}`, {
			nickname: 'mine',
		});
		expectAnswer(foreign, 404, { error: 'Phone number not found.' });
	});

	it('releases a dedicated number at the end of its billing period: once (then 400), then it is gone and the assistant loses it', async () => {
		const r = await c.req('DELETE', '/api/user/phone-numbers/12');
		expectAnswer(r, 200, {
			message:
				'Phone number released successfully. It will be removed at the end of the billing period.',
		});
		expect(
			(await c.get('/api/user/phone-numbers/all')).json.data.find((p: any) => p.id === 12),
		).toMatchObject({ has_active_subscription: false });
		const again = await c.req('DELETE', '/api/user/phone-numbers/12');
		expectAnswer(again, 400, { error: 'Phone number is already scheduled for release.' });
		await c.advance(31 * 24 * 3600_000);
		expect(
			(await c.get('/api/user/phone-numbers/all')).json.data.map((p: any) => p.id),
		).not.toContain(12);
		const assistants = (await c.get('/api/user/assistants/get?per_page=100')).json.data;
		expect(
			assistants.find((a: any) => a.id === ALICE.outboundAssistantId).phone_number_id,
		).toBeNull();
		expect((await c.req('DELETE', '/api/user/phone-numbers/12')).status).toBe(404);
	});

	it('deletes a SIP trunk at once; foreign → 404', async () => {
		const id = (await c.post(SIP, trunk())).json.data.id;
		expect((await c.req('DELETE', `/api/user/phone-numbers/${id}`, { as: 'bob' })).json).toEqual({
			error: 'Phone number not found.',
		});
		const r = await c.req('DELETE', `/api/user/phone-numbers/${id}`);
		expect(r.json).toEqual({ message: 'Phone number deleted successfully.' });
		expect((await c.get(`${SIP}/${id}`)).status).toBe(404);
	});
});
