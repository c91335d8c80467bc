import { SEED } from '../../sandbox';
import { NUMBER_TRUNK_BODY } from '../helpers/sipTrunks';
import { expectAnswer, expectInvalidFields, useSandbox } from './helpers';

const c = useSandbox({ documentProcessingMs: 2000 });

const ALICE = SEED.alice;
const SIP = '/api/user/phone-numbers/sip-trunks';
const trunk = (over: Record<string, unknown> = {}) => ({ ...NUMBER_TRUNK_BODY, ...over });

describe('account', () => {
	it('GET /api/user/me answers name, email and total_balance of the token', async () => {
		expect((await c.get('/api/user/me')).json).toEqual({
			name: ALICE.name,
			email: ALICE.email,
			total_balance: ALICE.balance,
		});
		expect((await c.get('/api/user/me', 'bob')).json).toEqual({
			name: SEED.bob.name,
			email: SEED.bob.email,
			total_balance: SEED.bob.balance,
		});
	});
});

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

describe('knowledge bases and documents', () => {
	it('creates (201, empty), lists and deletes a knowledge base with its documents; assistants lose it', async () => {
		const r = await c.post('/api/user/knowledgebases', {
			name: 'Pricing',
			description: 'Price lists',
		});
		expectAnswer(r, 201, {
			message: 'Knowledgebase created successfully.',
			data: {
				id: expect.any(Number),
				name: 'Pricing',
				description: 'Price lists',
				status: 'empty',
				status_label: 'Empty',
				created_at: expect.any(String),
				updated_at: expect.any(String),
			},
		});
		const missing = await c.post('/api/user/knowledgebases', { description: 'x' });
		expectAnswer(missing, 422, {
			message: 'The name field is required.',
			errors: { name: ['The name field is required.'] },
		});
		expect((await c.get('/api/user/knowledgebases')).json.data.map((k: any) => k.id)).toEqual([
			ALICE.knowledgeBaseId,
			r.json.data.id,
		]);
		const deleted = await c.req('DELETE', `/api/user/knowledgebases/${ALICE.knowledgeBaseId}`);
		expect(deleted.json).toEqual({ message: 'Knowledgebase deleted successfully.' });
		expect(
			(
				await c.get(
					`/api/user/knowledgebases/${ALICE.knowledgeBaseId}/documents/${ALICE.documentIds[0]}`,
				)
			).status,
		).toBe(404);
		const assistants = (await c.get('/api/user/assistants/get?per_page=100')).json.data;
		expect(
			assistants.find((a: any) => a.id === ALICE.reminderAssistantId).knowledgebase_id,
		).toBeNull();
		const foreign = await c.req('DELETE', `/api/user/knowledgebases/${SEED.bob.knowledgeBaseId}`);
		expectAnswer(foreign, 404, { error: 'Knowledgebase not found.' });
	});

	it('updates document metadata (no created_at in the answer) and deletes documents; the base becomes empty', async () => {
		const path = `/api/user/knowledgebases/${ALICE.knowledgeBaseId}/documents/${ALICE.documentIds[0]}`;
		const r = await c.put(path, { name: 'FAQ page', description: 'The public FAQ' });
		expectAnswer(r, 200, {
			message: 'Document updated successfully.',
			data: {
				id: 501,
				name: 'FAQ page',
				description: 'The public FAQ',
				type: 'website',
				type_label: 'Website',
				status: 'active',
				status_label: 'Active',
				updated_at: expect.any(String),
			},
		});
		const long = await c.put(path, { name: 'n'.repeat(256) });
		expectAnswer(long, 422, {
			message: 'The name may not be greater than 255 characters.',
			errors: { name: ['The name may not be greater than 255 characters.'] },
		});
		expect(
			(
				await c.put(
					`/api/user/knowledgebases/${ALICE.knowledgeBaseId}/documents/${SEED.bob.documentIds[0]}`,
					{ name: 'x' },
				)
			).json,
		).toEqual({ error: 'Document not found.' });
		expect(
			(
				await c.put(
					`/api/user/knowledgebases/${SEED.bob.knowledgeBaseId}/documents/${SEED.bob.documentIds[0]}`,
					{ name: 'x' },
				)
			).json,
		).toEqual({ error: 'Knowledgebase not found.' });
		expect((await c.req('DELETE', path)).json).toEqual({
			message: 'Document deleted successfully.',
		});
		expect(
			(await c.get(`/api/user/knowledgebases/${ALICE.knowledgeBaseId}`)).json.data,
		).toMatchObject({ status: 'empty', documents_count: 0 });
		expect((await c.req('DELETE', path)).status).toBe(404);
	});
});
