/** SIP trunks: create, list, get, the documented rules, and updates that re-provision trunks. */
import { SEED } from '../../sandbox';
import { expectAnswer, expectInvalidFields, useSandbox } from './helpers';
import { SIP, trunk } from './sipTrunkKit';

const c = useSandbox();

const ALICE = SEED.alice;

describe('SIP trunks', () => {
	it('creates (201, with trunk ids), lists (without trunk ids), gets (wrapped); the trunk is a phone number of type sip', async () => {
		const r = await c.post(SIP, trunk({ nickname: 'Office PBX' }));
		expectAnswer(r, 201, {
			message: 'SIP trunk created successfully.',
			data: {
				id: expect.any(Number),
				phone_number: '+493055501234',
				nickname: 'Office PBX',
				sip_username: 'alice-sip',
				sip_address: 'sip.provider.com',
				sip_calling_format: '+e164',
				inbound_authorization_type: 'auth',
				allowed_inbound_ips: null,
				outbound_proxy: false,
				country_code: 'DE',
				inbound_trunk_id: expect.stringMatching(/^ST_/),
				outbound_trunk_id: expect.stringMatching(/^ST_/),
				created_at: expect.any(String),
				updated_at: expect.any(String),
			},
		});
		expect(JSON.stringify(r.json)).not.toContain('secret-pw');
		const id = r.json.data.id;
		const list = await c.get(SIP);
		expect(list.json.data).toHaveLength(1);
		expect(list.json.data[0]).not.toHaveProperty('inbound_trunk_id');
		expect((await c.get(`${SIP}/${id}`)).json).toEqual({ data: r.json.data });
		expect(
			(await c.get('/api/user/phone-numbers/all')).json.data.find((p: any) => p.id === id),
		).toMatchObject({ type: 'sip', nickname: 'Office PBX' });
		const foreign = await c.get(`${SIP}/${id}`, 'bob');
		expectAnswer(foreign, 404, { error: 'SIP trunk not found.' });
		expect((await c.get(`${SIP}/${ALICE.smsPhoneNumberId}`)).status).toBe(404);
		expect((await c.get(SIP, 'bob')).json).toEqual({ data: [] });
	});

	it('checks every documented rule (422) and refuses a duplicate (409)', async () => {
		const bad = await c.post(SIP, {
			sip_trunk_type: 'number',
			phone_number: '030 555',
			sip_username: 'ab',
			sip_password: 'x',
			sip_address: 'sip.provider.com:5060',
			sip_calling_format: 'E164',
			inbound_authorization_type: 'ip',
			country_code: 'Germany',
		});
		expectInvalidFields(bad, [
			'allowed_inbound_ips',
			'country_code',
			'phone_number',
			'sip_address',
			'sip_calling_format',
			'sip_password',
			'sip_username',
		]);
		expect(bad.json.message).toBe('The given data was invalid.');
		expect(bad.json.errors.sip_calling_format).toEqual([
			'SIP calling format must be one of: +e164, e164, national.',
		]);
		expect(bad.json.errors.allowed_inbound_ips).toEqual([
			'At least one allowed IP address is required when authorization type is "ip".',
		]);
		const missing = await c.post(SIP, {});
		expect(missing.json.errors.sip_address).toEqual(['SIP server address is required.']);
		const ips = await c.post(
			SIP,
			trunk({
				inbound_authorization_type: 'ip',
				allowed_inbound_ips: ['203.0.113.7', '999.1.1.1'],
			}),
		);
		expect(Object.keys(ips.json.errors)).toEqual(['allowed_inbound_ips.1']);
		expect(
			(await c.post(SIP, trunk({ sip_trunk_type: 'extension', phone_number: '1000' }))).status,
		).toBe(201);
		expect((await c.post(SIP, trunk())).status).toBe(201);
		const dup = await c.post(SIP, trunk());
		expectAnswer(dup, 409, {
			error: 'A SIP trunk with the same phone number, username, and address already exists.',
		});
	});

	it('updates: re-provisions only the trunks the changed fields define; switching to auth clears the IPs', async () => {
		const created = (
			await c.post(
				SIP,
				trunk({ inbound_authorization_type: 'ip', allowed_inbound_ips: ['203.0.113.7'] }),
			)
		).json.data;
		const renamed = await c.put(`${SIP}/${created.id}`, {
			nickname: 'PBX',
			sip_calling_format: 'national',
		});
		expect(renamed.status).toBe(200);
		expect(renamed.json.message).toBe('SIP trunk updated successfully.');
		expect(renamed.json.data).toMatchObject({
			nickname: 'PBX',
			sip_calling_format: 'national',
			inbound_trunk_id: created.inbound_trunk_id,
			outbound_trunk_id: created.outbound_trunk_id,
		});
		const moved = (await c.put(`${SIP}/${created.id}`, { sip_address: 'sip2.provider.com' })).json
			.data;
		expect(moved.inbound_trunk_id).toBe(created.inbound_trunk_id);
		expect(moved.outbound_trunk_id).not.toBe(created.outbound_trunk_id);
		const auth = (await c.put(`${SIP}/${created.id}`, { inbound_authorization_type: 'auth' })).json
			.data;
		expect(auth).toMatchObject({
			inbound_authorization_type: 'auth',
			allowed_inbound_ips: null,
			outbound_trunk_id: moved.outbound_trunk_id,
		});
		expect(auth.inbound_trunk_id).not.toBe(moved.inbound_trunk_id);
		const toIp = await c.put(`${SIP}/${created.id}`, { inbound_authorization_type: 'ip' });
		expect(toIp.status).toBe(422);
		expect(toIp.json.errors).toEqual({
			allowed_inbound_ips: [
				'At least one allowed IP address is required when authorization type is "ip".',
			],
		});
		expect((await c.put(`${SIP}/${created.id}`, { nickname: 'x' }, 'bob')).status).toBe(404);
	});
});
