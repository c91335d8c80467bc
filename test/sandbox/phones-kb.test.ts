import { SEED } from '../../sandbox';
import { expectAnswer, expectInvalidFields, useSandbox } from './helpers';

const c = useSandbox({ documentProcessingMs: 2000 });

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

describe('knowledge bases', () => {
	const kb = SEED.alice.knowledgeBaseId;
	it('reads with counts', async () => {
		const r = await c.get(`/api/user/knowledgebases/${kb}`);
		expect(r.status).toBe(200);
		expect(r.json.data).toMatchObject({
			id: kb,
			name: 'Produkt-FAQ',
			status: 'active',
			status_label: 'Active',
			documents_count: 1,
			assistants_count: 1,
		});
	});
	it('404 for foreign, missing and non-integer ids', async () => {
		for (const id of [SEED.bob.knowledgeBaseId, 99999, 'abc']) {
			const r = await c.get(`/api/user/knowledgebases/${id}`);
			expectAnswer(r, 404, { error: 'Knowledgebase not found.' });
			expect((await c.put(`/api/user/knowledgebases/${id}`, { name: 'x' })).status).toBe(404);
			expect((await c.get(`/api/user/knowledgebases/${id}/documents`)).status).toBe(404);
			expect(
				(
					await c.post(`/api/user/knowledgebases/${id}/documents`, {
						name: 'x',
						type: 'website',
						url: 'https://example.com',
					})
				).status,
			).toBe(404);
		}
		const doc = await c.get(`/api/user/knowledgebases/${kb}/documents/${SEED.bob.documentIds[0]}`);
		expectAnswer(doc, 404, { error: 'Document not found.' });
	});
	it('updates name and description (max 255)', async () => {
		const r = await c.put(`/api/user/knowledgebases/${kb}`, {
			name: 'Neu',
			description: 'Beschreibung',
		});
		expectAnswer(r, 200, {
			message: 'Knowledgebase updated successfully.',
			data: {
				id: kb,
				name: 'Neu',
				description: 'Beschreibung',
				status: 'active',
				status_label: 'Active',
				updated_at: expect.any(String),
			},
		});
		const only = await c.put(`/api/user/knowledgebases/${kb}`, { description: 'nur das' });
		expect(only.json.data.name).toBe('Neu');
		const long = await c.put(`/api/user/knowledgebases/${kb}`, { name: 'x'.repeat(256) });
		expectAnswer(long, 422, {
			message: 'The name may not be greater than 255 characters.',
			errors: { name: ['The name may not be greater than 255 characters.'] },
		});
		const d = await c.put(`/api/user/knowledgebases/${kb}`, { description: 'x'.repeat(256) });
		expect(Object.keys(d.json.errors)).toEqual(['description']);
	});
});

describe('documents', () => {
	const kb = SEED.alice.knowledgeBaseId;
	const docs = `/api/user/knowledgebases/${kb}/documents`;
	const upload = (
		fields: Record<string, string>,
		file?: { data: Buffer | string; name: string; type?: string },
	) => {
		const form = new FormData();
		for (const [k, v] of Object.entries(fields)) form.append(k, v);
		if (file)
			form.append(
				'file',
				new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], {
					type: file.type ?? 'application/octet-stream',
				}),
				file.name,
			);
		return c.req('POST', docs, { form });
	};

	it('creates a website document (201 processing) that becomes active after processing', async () => {
		const r = await c.post(docs, { name: 'Site', type: 'website', url: 'https://example.com' });
		expectAnswer(r, 201, {
			message: 'Document created successfully. Processing will begin shortly.',
			data: {
				id: expect.any(Number),
				name: 'Site',
				description: null,
				type: 'website',
				type_label: 'Website',
				status: 'processing',
				status_label: 'Processing',
				created_at: expect.any(String),
			},
		});
		expect((await c.get(`/api/user/knowledgebases/${kb}`)).json.data.status).toBe('processing');
		await c.advance(1999);
		expect((await c.get(`${docs}/${r.json.data.id}`)).json.data.status).toBe('processing');
		await c.advance(1);
		expect((await c.get(`${docs}/${r.json.data.id}`)).json.data).toMatchObject({
			status: 'active',
			status_label: 'Active',
			updated_at: expect.any(String),
		});
		const kbNow = (await c.get(`/api/user/knowledgebases/${kb}`)).json.data;
		expect(kbNow).toMatchObject({ status: 'active', documents_count: 2 });
		expect((await c.get(docs)).json.data.map((d: any) => d.id)).toEqual([
			...SEED.alice.documentIds,
			r.json.data.id,
		]);
	});
	it('website documents: links instead of url, relative_links_limit 1–50', async () => {
		expect(
			(
				await c.post(docs, {
					name: 'L',
					type: 'website',
					links: ['https://a.example.com', 'https://b.example.com'],
				})
			).status,
		).toBe(201);
		expect(
			(
				await c.post(docs, {
					name: 'L',
					type: 'website',
					url: 'https://a.example.com',
					relative_links_limit: 50,
				})
			).status,
		).toBe(201);
		const cases: Array<[Record<string, unknown>, string[]]> = [
			[{ name: 'W', type: 'website' }, ['url', 'links']],
			[{ name: 'W', type: 'website', url: 'nope' }, ['url']],
			[{ name: 'W', type: 'website', links: ['https://ok.example.com', 'bad'] }, ['links.1']],
			[
				{ name: 'W', type: 'website', url: 'https://a.example.com', relative_links_limit: 0 },
				['relative_links_limit'],
			],
			[
				{ name: 'W', type: 'website', url: 'https://a.example.com', relative_links_limit: 51 },
				['relative_links_limit'],
			],
			[{ type: 'website', url: 'https://a.example.com' }, ['name']],
			[{ name: 'x'.repeat(256), type: 'website', url: 'https://a.example.com' }, ['name']],
			[
				{ name: 'W', description: 'x'.repeat(256), type: 'website', url: 'https://a.example.com' },
				['description'],
			],
			[{ name: 'W', type: 'html' }, ['type']],
			[{ name: 'W', type: 'pdf' }, ['file']],
		];
		for (const [b, fields] of cases) {
			const r = await c.post(docs, b);
			expectInvalidFields(r, fields.sort());
			expect(r.json.message).toBe(r.json.errors[Object.keys(r.json.errors)[0]][0]);
		}
		const noFile = await c.post(docs, { name: 'P', type: 'pdf' });
		expect(noFile.json).toEqual({
			message: 'A file is required for this document type.',
			errors: { file: ['A file is required for this document type.'] },
		});
	});
	it('uploads pdf, txt and docx by multipart and logs the file summary', async () => {
		const pdf = await upload(
			{ name: 'Manual', type: 'pdf', description: 'PDF doc' },
			{ data: '%PDF-1.4\n%fake pdf\n', name: 'manual.pdf', type: 'application/pdf' },
		);
		expect(pdf.status).toBe(201);
		expect(pdf.json.data).toMatchObject({
			type: 'pdf',
			type_label: 'PDF',
			status: 'processing',
			description: 'PDF doc',
		});
		const txt = await upload(
			{ name: 'Notes', type: 'txt' },
			{ data: 'Grüße, plain UTF-8 text', name: 'notes.txt', type: 'text/plain' },
		);
		expect(txt.status).toBe(201);
		const docx = await upload(
			{ name: 'Word', type: 'docx' },
			{ data: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), name: 'w.docx' },
		);
		expect(docx.status).toBe(201);
		await c.advance(2000);
		for (const d of [pdf, txt, docx])
			expect((await c.get(`${docs}/${d.json.data.id}`)).json.data.status).toBe('active');
		const log = (await c.ctl('GET', `/requests?path=${docs}&method=POST`)).json;
		expect(log[0].body).toEqual({
			fields: { name: 'Manual', type: 'pdf', description: 'PDF doc' },
			files: [
				{
					field: 'file',
					filename: 'manual.pdf',
					mimetype: 'application/pdf',
					size: 19,
					sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
				},
			],
		});
	});
	it('rejects files whose content does not match the type, and files over 20 MB', async () => {
		const cases: Array<[string, Buffer | string]> = [
			['pdf', 'not a pdf'],
			['docx', '%PDF-1.4'],
			['txt', Buffer.from([0xff, 0xfe, 0x00, 0x41])],
		];
		for (const [type, data] of cases) {
			const r = await upload({ name: 'Bad', type }, { data, name: `bad.${type}` });
			expect(r.status).toBe(422);
			expect(r.json.errors).toEqual({ file: [`The file must be a file of type: ${type}.`] });
		}
		const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x41);
		big.write('%PDF');
		const r = await upload({ name: 'Big', type: 'pdf' }, { data: big, name: 'big.pdf' });
		expect(r.status).toBe(422);
		expect(r.json.errors).toEqual({ file: ['The file may not be greater than 20480 kilobytes.'] });
		const exact = Buffer.alloc(20 * 1024 * 1024, 0x41);
		exact.write('%PDF');
		expect(
			(await upload({ name: 'Exact', type: 'pdf' }, { data: exact, name: 'exact.pdf' })).status,
		).toBe(201);
	});
	it('an empty file fails in processing; the kb follows (failed, processing, failed)', async () => {
		const bobDocs = `/api/user/knowledgebases/${SEED.bob.knowledgeBaseId}/documents`;
		// bob's kb has one active doc; fail it to get an all-failed kb
		await c.ctl('POST', `/documents/${SEED.bob.documentIds[0]}/fail`);
		expect(
			(await c.get(`/api/user/knowledgebases/${SEED.bob.knowledgeBaseId}`, 'bob')).json.data.status,
		).toBe('failed');
		const form = new FormData();
		form.append('name', 'Empty');
		form.append('type', 'txt');
		form.append('file', new Blob([]), 'empty.txt');
		const r = await c.req('POST', bobDocs, { form, as: 'bob' });
		expect(r.status).toBe(201);
		expect(
			(await c.get(`/api/user/knowledgebases/${SEED.bob.knowledgeBaseId}`, 'bob')).json.data.status,
		).toBe('processing');
		await c.advance(2000);
		expect((await c.get(`${bobDocs}/${r.json.data.id}`, 'bob')).json.data.status).toBe('failed');
		expect(
			(await c.get(`/api/user/knowledgebases/${SEED.bob.knowledgeBaseId}`, 'bob')).json.data.status,
		).toBe('failed');
		// alice cannot see bob's document through her own kb either
		expect((await c.get(`${docs}/${r.json.data.id}`)).status).toBe(404);
	});
	it('the fail control fails a processing document before it finishes', async () => {
		const r = await c.post(docs, { name: 'Site', type: 'website', url: 'https://example.com' });
		const f = await c.ctl('POST', `/documents/${r.json.data.id}/fail`);
		expect(f.json.data.status).toBe('failed');
		await c.advance(5000);
		expect((await c.get(`${docs}/${r.json.data.id}`)).json.data.status).toBe('failed');
	});
});
