/** Knowledge-base documents: websites and uploads, the type and size rules, and processing. */
import { SEED } from '../../sandbox';
import { expectAnswer, expectInvalidFields, useSandbox } from './helpers';

const c = useSandbox({ documentProcessingMs: 2000 });

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
