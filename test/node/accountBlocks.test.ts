import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { searchDocuments } from '../../nodes/shared/methods/documents';

import { SEED } from '../../sandbox';
import { actionNodeDescription, runLoadMethodOf, withRequestContext } from '../../harness/engine';
import {
	expectFailedBeforeSending,
	items,
	jsonOf,
	locator,
	only,
	useKit,
	visibleText,
} from './kit';

const ALICE = SEED.alice;
const kit = useKit();

async function run(
	resource: string,
	operation: string,
	parameters: Record<string, unknown> = {},
	options: { continueOnFail?: boolean; input?: ReturnType<typeof items> } = {},
) {
	return await kit().run({ resource, operation, ...parameters } as never, {
		typeVersion: 2,
		...options,
	});
}

const SIP = '/api/user/phone-numbers/sip-trunks';
const trunkParameters = {
	sipTrunkType: 'number',
	phoneNumber: '+493055501234',
	sipUsername: 'alice-sip',
	sipPassword: 'secret-pw',
	sipAddress: 'sip.provider.com',
	sipCallingFormat: '+e164',
	inboundAuthorizationType: 'auth',
	countryCode: 'de',
};

describe('versions', () => {
	it('offers the new resources and operations in version 2 only', () => {
		const operationsOf = (version: number, resource: string) =>
			(
				actionNodeDescription(version).properties.find(
					(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === resource,
				)?.options ?? []
			).map((o) => (o as INodePropertyOptions).value);
		const resourcesOf = (version: number) =>
			(
				actionNodeDescription(version).properties.find((p) => p.name === 'resource')?.options ?? []
			).map((o) => (o as INodePropertyOptions).value);
		expect(resourcesOf(1)).not.toEqual(expect.arrayContaining(['account']));
		expect(resourcesOf(2)).toEqual(
			expect.arrayContaining(['account', 'campaign', 'lead', 'sipTrunk']),
		);
		expect(operationsOf(1, 'phoneNumber')).toEqual([
			'getAll',
			'getAllSmsCapable',
			'purchase',
			'search',
		]);
		expect(operationsOf(2, 'phoneNumber')).toEqual([
			'getAll',
			'getAllSmsCapable',
			'purchase',
			'release',
			'search',
			'update',
		]);
		expect(operationsOf(2, 'knowledgeBase')).toEqual([
			'create',
			'delete',
			'get',
			'getAll',
			'update',
		]);
		expect(operationsOf(2, 'document')).toEqual([
			'createFromFile',
			'createFromWebsite',
			'delete',
			'get',
			'getAll',
			'update',
		]);
	});
});

describe('Account → Get', () => {
	it('reads GET /api/user/me: name, email, total_balance', async () => {
		const result = await run('account', 'get');
		expect(only(await kit().requests())).toMatchObject({ method: 'GET', path: '/api/user/me' });
		expect(jsonOf(result)).toEqual([
			{ name: ALICE.name, email: ALICE.email, total_balance: ALICE.balance },
		]);
	});
});

describe('Knowledge Base → Create, Get Many, Delete', () => {
	it('creates with name and description and outputs the new knowledge base', async () => {
		const result = await run('knowledgeBase', 'create', {
			name: 'Pricing',
			description: 'Price lists',
		});
		expect(only(await kit().requests())).toMatchObject({
			method: 'POST',
			path: '/api/user/knowledgebases',
			body: { name: 'Pricing', description: 'Price lists' },
			status: 201,
		});
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ id: expect.any(Number), name: 'Pricing', status: 'empty' }),
		]);
	});

	it('fails on an empty or too long name before sending', async () => {
		await expectFailedBeforeSending(
			kit(),
			await run('knowledgeBase', 'create', { name: '={{ " " }}' }),
			'name',
		);
		await expectFailedBeforeSending(
			kit(),
			await run('knowledgeBase', 'create', { name: 'n'.repeat(256) }),
			'name',
		);
	});

	it("lists with Return All / Limit and deletes with {id, deleted} and the service's message", async () => {
		await kit().api('POST', '/api/user/knowledgebases', { name: 'Second' });
		expect(
			jsonOf(await run('knowledgeBase', 'getAll', { returnAll: false, limit: 1 })).map(
				(kb) => kb.id,
			),
		).toEqual([ALICE.knowledgeBaseId]);
		expect(jsonOf(await run('knowledgeBase', 'getAll', { returnAll: true }))).toHaveLength(2);
		await kit().clearRequests();
		const deleted = await run('knowledgeBase', 'delete', {
			knowledgeBaseId: locator(ALICE.knowledgeBaseId),
		});
		expect(only(await kit().requests())).toMatchObject({
			method: 'DELETE',
			path: `/api/user/knowledgebases/${ALICE.knowledgeBaseId}`,
			status: 200,
		});
		expect(jsonOf(deleted)).toEqual([
			{ id: ALICE.knowledgeBaseId, deleted: true, message: 'Knowledgebase deleted successfully.' },
		]);
	});

	it('names the deletions that took effect when a later item fails', async () => {
		const other = (await kit().api('POST', '/api/user/knowledgebases', { name: 'Other' })).json
			.data as { id: number };
		await kit().clearRequests();
		const input = items({ id: other.id }, { id: SEED.bob.knowledgeBaseId });
		const result = await run(
			'knowledgeBase',
			'delete',
			{ knowledgeBaseId: locator('={{ $json.id }}') },
			{ input },
		);
		expect(result.error?.message).toMatch(/404/);
		expect(result.error?.message).toContain(
			`Before this failure 1 knowledge base deletion of other items took effect (id: ${other.id})`,
		);
	});
});

describe('Document → Update, Delete', () => {
	it('updates name and description at the document path and outputs the document', async () => {
		const result = await run('document', 'update', {
			knowledgeBaseId: locator(ALICE.knowledgeBaseId),
			documentId: locator(ALICE.documentIds[0]),
			updateFields: { name: 'FAQ page', description: 'Public FAQ' },
		});
		expect(only(await kit().requests())).toMatchObject({
			method: 'PUT',
			path: '/api/user/knowledgebases/51/documents/501',
			body: { name: 'FAQ page', description: 'Public FAQ' },
		});
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				id: 501,
				name: 'FAQ page',
				description: 'Public FAQ',
				status: 'active',
			}),
		]);
	});

	it("fails without a field to change before sending; deletes with {id, knowledgebase_id, deleted} and the service's message", async () => {
		await expectFailedBeforeSending(
			kit(),
			await run('document', 'update', { knowledgeBaseId: locator(51), documentId: locator(501) }),
			'Update Fields',
		);
		const deleted = await run('document', 'delete', {
			knowledgeBaseId: locator(51),
			documentId: locator(501),
		});
		expect(only(await kit().requests())).toMatchObject({
			method: 'DELETE',
			path: '/api/user/knowledgebases/51/documents/501',
			status: 200,
		});
		expect(jsonOf(deleted)).toEqual([
			{ id: 501, knowledgebase_id: 51, deleted: true, message: 'Document deleted successfully.' },
		]);
	});

	it('the document picker lists the documents of the chosen knowledge base, and nothing before one is chosen', async () => {
		type Search = (this: ILoadOptionsFunctions, filter?: string) => Promise<INodeListSearchResult>;
		const pick = async (knowledgeBaseId: unknown) =>
			await withRequestContext(kit().credentials, async function () {
				// the editor sends the node's current parameters; the picker reads the chosen knowledge base from them
				const context = Object.assign(Object.create(this) as ILoadOptionsFunctions, {
					getCurrentNodeParameter: (name: string) =>
						name === 'knowledgeBaseId' ? knowledgeBaseId : undefined,
				});
				return await (searchDocuments as Search).call(context);
			});
		expect((await pick('')).results).toEqual([]);
		expect(await kit().requests()).toEqual([]);
		expect((await pick('51')).results).toEqual([
			{ name: 'Website FAQ (#501, active)', value: '501' },
		]);
		expect(only(await kit().requests()).path).toBe('/api/user/knowledgebases/51/documents');
	});
});

describe('Phone Number → Update, Release', () => {
	it('sets the nickname and clears it with an empty value (null)', async () => {
		const set = await run('phoneNumber', 'update', {
			phoneNumberId: locator(12),
			nickname: 'Berlin line',
		});
		expect(jsonOf(set)).toEqual([
			{
				id: 12,
				phone_number: '+493012345670',
				nickname: 'Berlin line',
				country_code: 'DE',
				type: 'normal',
			},
		]);
		await run('phoneNumber', 'update', { phoneNumberId: locator(12), nickname: '' });
		expect(
			(await kit().requests()).map((request) => [request.method, request.path, request.body]),
		).toEqual([
			['PUT', '/api/user/phone-numbers/12', { nickname: 'Berlin line' }],
			['PUT', '/api/user/phone-numbers/12', { nickname: null }],
		]);
		await kit().clearRequests();
		await expectFailedBeforeSending(
			kit(),
			await run('phoneNumber', 'update', { phoneNumberId: locator(12), nickname: 'x'.repeat(51) }),
			'nickname',
		);
	});

	it('sends nothing unless Confirm Release is on', async () => {
		const result = await run('phoneNumber', 'release', { phoneNumberId: locator(12) });
		await expectFailedBeforeSending(kit(), result, 'confirmRelease');
	});

	it("releases once, with the service's message; a second release is refused (400) and never repeated", async () => {
		const result = await run('phoneNumber', 'release', {
			phoneNumberId: locator(12),
			confirmRelease: true,
		});
		expect(only(await kit().requests())).toMatchObject({
			method: 'DELETE',
			path: '/api/user/phone-numbers/12',
			status: 200,
		});
		expect(jsonOf(result)).toEqual([
			{
				id: 12,
				released: true,
				message:
					'Phone number released successfully. It will be removed at the end of the billing period.',
			},
		]);
		const again = await run('phoneNumber', 'release', {
			phoneNumberId: locator(12),
			confirmRelease: true,
		});
		expect(again.error?.message).toMatch(/400.*already scheduled for release/);
		await kit().fault({
			method: 'DELETE',
			path: '/api/user/phone-numbers/13',
			kind: 'reset',
			count: 1,
		});
		await kit().clearRequests();
		const unclear = await run('phoneNumber', 'release', {
			phoneNumberId: locator(13),
			confirmRelease: true,
		});
		expect(unclear.error).toBeDefined();
		expect(await kit().requests('/api/user/phone-numbers/13')).toHaveLength(1);
	});
});

describe('SIP Trunk', () => {
	it('creates with every field typed as the service wants, and outputs the trunk', async () => {
		const result = await run('sipTrunk', 'create', {
			...trunkParameters,
			additionalFields: { nickname: 'PBX', outboundProxy: true },
		});
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({ method: 'POST', path: SIP, status: 201 });
		expect(request.body).toEqual({
			sip_trunk_type: 'number',
			phone_number: '+493055501234',
			sip_username: 'alice-sip',
			sip_password: 'secret-pw',
			sip_address: 'sip.provider.com',
			sip_calling_format: '+e164',
			inbound_authorization_type: 'auth',
			country_code: 'DE',
			nickname: 'PBX',
			outbound_proxy: true,
		});
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				id: expect.any(Number),
				nickname: 'PBX',
				inbound_trunk_id: expect.stringMatching(/^ST_/),
			}),
		]);
		expect(visibleText(result)).not.toContain('secret-pw');
	});

	it.each([
		['a number trunk without E.164', { phoneNumber: '030 555' }, 'phone_number'],
		[
			'an extension over 15 characters',
			{ sipTrunkType: 'extension', phoneNumber: '1234567890123456' },
			'phone_number',
		],
		['a short username', { sipUsername: 'ab' }, 'sip_username'],
		['an address with a port', { sipAddress: 'sip.provider.com:5060' }, 'sip_address'],
		[
			'IP authorization without IPs',
			{ inboundAuthorizationType: 'ip', allowedInboundIps: '' },
			'allowed_inbound_ips',
		],
		[
			'an invalid IP',
			{ inboundAuthorizationType: 'ip', allowedInboundIps: '203.0.113.7, 300.1.1.1' },
			'allowed_inbound_ips',
		],
		['a country name instead of a code', { countryCode: 'Germany' }, 'country_code'],
	])('fails on %s before sending', async (_case, parameters, field) => {
		await expectFailedBeforeSending(
			kit(),
			await run('sipTrunk', 'create', { ...trunkParameters, ...parameters }),
			field,
		);
	});

	it('gets, lists (Limit), updates only the given fields and deletes through the phone-number endpoint', async () => {
		const created = (
			await kit().api('POST', SIP, {
				sip_trunk_type: 'extension',
				phone_number: '1000',
				sip_username: 'ext',
				sip_password: 'pw1',
				sip_address: 'pbx.example.com',
				sip_calling_format: 'national',
				inbound_authorization_type: 'auth',
				country_code: 'DE',
			})
		).json.data as { id: number };
		await kit().api('POST', SIP, {
			sip_trunk_type: 'extension',
			phone_number: '1001',
			sip_username: 'ext',
			sip_password: 'pw1',
			sip_address: 'pbx.example.com',
			sip_calling_format: 'national',
			inbound_authorization_type: 'auth',
			country_code: 'DE',
		});
		await kit().clearRequests();
		expect(jsonOf(await run('sipTrunk', 'get', { sipTrunkId: locator(created.id) }))).toEqual([
			expect.objectContaining({ id: created.id, phone_number: '1000' }),
		]);
		expect(
			jsonOf(await run('sipTrunk', 'getAll', { returnAll: false, limit: 1 })).map(
				(trunk) => trunk.id,
			),
		).toEqual([created.id]);
		const updated = await run('sipTrunk', 'update', {
			sipTrunkId: locator(created.id),
			updateFields: {
				nickname: 'Desk',
				inboundAuthorizationType: 'ip',
				allowedInboundIps: '2001:db8::1',
			},
		});
		expect(jsonOf(updated)).toEqual([
			expect.objectContaining({
				nickname: 'Desk',
				inbound_authorization_type: 'ip',
				allowed_inbound_ips: ['2001:db8::1'],
			}),
		]);
		const deleted = await run('sipTrunk', 'delete', { sipTrunkId: locator(created.id) });
		expect(jsonOf(deleted)).toEqual([
			{ id: created.id, deleted: true, message: 'Phone number deleted successfully.' },
		]);
		expect(
			(await kit().requests()).map((request) => [request.method, request.path, request.body]),
		).toEqual([
			['GET', `${SIP}/${created.id}`, null],
			['GET', SIP, null],
			[
				'PUT',
				`${SIP}/${created.id}`,
				{
					nickname: 'Desk',
					inbound_authorization_type: 'ip',
					allowed_inbound_ips: ['2001:db8::1'],
				},
			],
			['GET', `${SIP}/${created.id}`, null],
			['DELETE', `/api/user/phone-numbers/${created.id}`, null],
		]);
	});

	it("Delete refuses a purchased number's ID before anything is deleted, naming Phone Number → Release", async () => {
		const result = await run('sipTrunk', 'delete', { sipTrunkId: locator(12) });
		expect(result.error?.message).toBe(
			'SIP Trunk (id) 12 is not a SIP trunk of this account, so nothing was deleted: to release a purchased or caller-ID number use Phone Number → Release',
		);
		expect((await kit().requests()).map((request) => [request.method, request.path])).toEqual([
			['GET', `${SIP}/12`],
		]);
		// The number is still owned and its subscription running.
		const { json } = await kit().api('GET', '/api/user/phone-numbers/all');
		expect(JSON.stringify(json)).toContain('"id":12,');
		expect(JSON.stringify(json)).not.toMatch(/scheduled|released/i);
	});

	it('with Continue On Fail, the purchased number is an error item and the SIP trunk of the next item is deleted', async () => {
		const created = (
			await kit().api('POST', SIP, {
				sip_trunk_type: 'extension',
				phone_number: '1000',
				sip_username: 'ext',
				sip_password: 'pw1',
				sip_address: 'pbx.example.com',
				sip_calling_format: 'national',
				inbound_authorization_type: 'auth',
				country_code: 'DE',
			})
		).json.data as { id: number };
		await kit().clearRequests();
		const result = await run(
			'sipTrunk',
			'delete',
			{ sipTrunkId: locator('={{ $json.id }}') },
			{ input: items({ id: 12 }, { id: created.id }), continueOnFail: true },
		);
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ error: expect.stringContaining('Phone Number → Release') }),
			{ id: created.id, deleted: true, message: 'Phone number deleted successfully.' },
		]);
		expect(await kit().requests('/api/user/phone-numbers/12')).toEqual([]);
	});

	it('maps the 409 of a duplicate trunk, and with Continue On Fail keeps going', async () => {
		await kit().api('POST', SIP, {
			sip_trunk_type: 'number',
			phone_number: '+493055501234',
			sip_username: 'alice-sip',
			sip_password: 'secret-pw',
			sip_address: 'sip.provider.com',
			sip_calling_format: '+e164',
			inbound_authorization_type: 'auth',
			country_code: 'DE',
		});
		const input = items({ number: '+493055501234' }, { number: '+493055501235' });
		const result = await run(
			'sipTrunk',
			'create',
			{ ...trunkParameters, phoneNumber: '={{ $json.number }}' },
			{ input, continueOnFail: true },
		);
		expect(jsonOf(result)[0]).toMatchObject({
			error: expect.stringContaining('already exists'),
			httpCode: 409,
		});
		expect(jsonOf(result)[1]).toMatchObject({ phone_number: '+493055501235' });
	});

	it("the SIP trunk picker lists the account's trunks", async () => {
		await kit().api('POST', SIP, {
			sip_trunk_type: 'extension',
			phone_number: '1000',
			nickname: 'Desk',
			sip_username: 'ext',
			sip_password: 'pw1',
			sip_address: 'pbx.example.com',
			sip_calling_format: 'national',
			inbound_authorization_type: 'auth',
			country_code: 'DE',
		});
		const result = await runLoadMethodOf<INodeListSearchResult>({
			kind: 'listSearch',
			method: 'searchSipTrunks',
			args: ['desk'],
			credentials: kit().credentials,
			typeVersion: 2,
		});
		expect(result.results).toEqual([
			{ name: '1000 (Desk) @ pbx.example.com', value: expect.stringMatching(/^\d+$/) },
		]);
	});
});

describe('the API token', () => {
	it('never appears in any output item, error message, description or context', () => {
		expect(kit().runs.length).toBeGreaterThan(10);
		for (const result of kit().runs) {
			expect(visibleText(result)).not.toContain(kit().sandbox.tokens.alice);
			expect(visibleText(result)).not.toContain(kit().sandbox.tokens.bob);
		}
	});
});
