import { createHash, randomBytes } from 'node:crypto';
import type {
	IBinaryData,
	INodeExecutionData,
	ILoadOptionsFunctions,
	INodeListSearchResult,
} from 'n8n-workflow';
import { SEED } from '../../sandbox';
import {
	fieldTypes,
	locator,
	only,
	useKit,
	visibleText,
	type RunOptions,
	expectFailedBeforeSending,
	items,
	jsonOf,
	describeTokenNeverShown,
} from './kit';
import { searchDocuments } from '../../nodes/shared/methods/documents';
import { withRequestContext } from '../../harness/engine';

const KB = SEED.alice.knowledgeBaseId;

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const kit = useKit();

const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

async function run(operation: string, parameters: Record<string, unknown>, extra: RunOptions = {}) {
	return await kit().run(
		{ resource: 'document', operation, knowledgeBaseId: locator(KB), ...parameters } as never,
		extra,
	);
}

/** An input item carrying a file in its `data` binary property, as a Read File node would give it. */
function fileItem(
	buffer: Buffer,
	meta: Partial<IBinaryData>,
	property = 'data',
): INodeExecutionData {
	return {
		json: {},
		binary: {
			[property]: {
				data: buffer.toString('base64'),
				mimeType: 'application/octet-stream',
				...meta,
			} as IBinaryData,
		},
	};
}

const pdf = (size = 256 * 1024) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]);

const docx = () =>
	Buffer.concat([
		Buffer.from('PK\x03\x04', 'latin1'),
		randomBytes(64),
		Buffer.from('word/document.xml', 'latin1'),
		randomBytes(4096),
	]);

interface MultipartBody {
	fields: Record<string, unknown>;
	files: Array<{ field: string; filename: string; mimetype: string; size: number; sha256: string }>;
}

const ALICE = SEED.alice;

async function runV2(
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

describe('Document → Create From Website', () => {
	it('accepts a relative links limit given as numeric text by an expression, and sends it as a number', async () => {
		const result = await run('createFromWebsite', {
			name: 'Preise',
			url: 'https://example.com/preise',
			additionalFields: { relativeLinksLimit: '={{ "10" }}' },
		});
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests()).body).toMatchObject({ relative_links_limit: 10 });
	});

	it('sends JSON with name, type website, url, description and relative_links_limit as an integer', async () => {
		const result = await run('createFromWebsite', {
			name: 'Preise',
			url: 'https://example.com/preise',
			additionalFields: { description: 'Preisseite', relativeLinksLimit: 5 },
		});
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({
			method: 'POST',
			path: `/api/user/knowledgebases/${KB}/documents`,
			query: {},
			status: 201,
		});
		expect(request.contentType).toMatch(/^application\/json/);
		expect(request.body).toEqual({
			name: 'Preise',
			type: 'website',
			url: 'https://example.com/preise',
			description: 'Preisseite',
			relative_links_limit: 5,
		});
		expect(fieldTypes(request.body)).toEqual({
			name: 'string',
			type: 'string',
			url: 'string',
			description: 'string',
			relative_links_limit: 'number',
		});
		expect(result.output).toHaveLength(1);
		expect(result.output[0].json).toMatchObject({
			message: expect.stringMatching(/Processing will begin shortly/),
			data: { id: expect.any(Number), name: 'Preise', type: 'website', status: 'processing' },
		});
	});

	it('sends links as an array of URL strings, without url when none is given', async () => {
		const links = ['https://example.com/a', 'https://example.com/b'];
		const result = await run('createFromWebsite', { name: 'Zwei Seiten', links });
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests()).body).toEqual({
			name: 'Zwei Seiten',
			type: 'website',
			links,
		});
	});

	it('splits links given by an expression as one text', async () => {
		const result = await run('createFromWebsite', {
			name: 'Aus Text',
			links: '={{ "https://example.com/x, https://example.com/y" }}',
		});
		expect(result.error).toBeUndefined();
		expect((only(await kit().requests()).body as { links: string[] }).links).toEqual([
			'https://example.com/x',
			'https://example.com/y',
		]);
	});

	it.each([
		['neither url nor links', { name: 'Leer' }, /URL \(url\) or Links \(links\) is required/],
		[
			'a url without scheme',
			{ name: 'X', url: 'example.com' },
			/URL \(url\) must be a valid http\(s\) URL/,
		],
		[
			'a link that is not a URL',
			{ name: 'X', links: ['https://example.com/ok', 'ftp://example.com/file'] },
			/Links \(links\) must be a valid http\(s\) URL/,
		],
		[
			'a relative links limit of 51',
			{
				name: 'X',
				url: 'https://example.com',
				additionalFields: { relativeLinksLimit: '={{ 51 }}' },
			},
			/Relative Links Limit \(relative_links_limit\) must be a whole number from 1 to 50, got 51/,
		],
		[
			'a relative links limit of 0',
			{
				name: 'X',
				url: 'https://example.com',
				additionalFields: { relativeLinksLimit: '={{ 0 }}' },
			},
			/relative_links_limit\) must be a whole number from 1 to 50/,
		],
		[
			'a name over 255 characters',
			{ name: 'n'.repeat(256), url: 'https://example.com' },
			/Name \(name\) must be at most 255 characters/,
		],
		[
			'a description over 255 characters',
			{ name: 'X', url: 'https://example.com', additionalFields: { description: 'd'.repeat(256) } },
			/Description \(description\) must be at most 255/,
		],
		[
			'an empty name',
			{ name: '={{ "" }}', url: 'https://example.com' },
			/Name \(name\) is required/,
		],
		[
			'a knowledge base ID that is not a number',
			{ name: 'X', url: 'https://example.com', knowledgeBaseId: locator('={{ "faq" }}') },
			/Knowledge Base \(knowledgebaseId\) must be a positive whole number/,
		],
	])('fails the item on %s and sends nothing', async (_case, parameters, message) => {
		const result = await run('createFromWebsite', parameters);
		expect(result.error?.message).toMatch(message);
		expect(await kit().requests()).toEqual([]);
	});

	it('maps 404 for a knowledge base of another account', async () => {
		const result = await run('createFromWebsite', {
			name: 'X',
			url: 'https://example.com',
			knowledgeBaseId: locator(SEED.bob.knowledgeBaseId),
		});
		expect(result.error?.message).toBe('Famulor API error 404: Knowledgebase not found.');
	});
});

describe('Document → Create From File', () => {
	it('uploads a PDF as multipart with name, description and type, and the bytes arrive intact', async () => {
		const bytes = pdf();
		const result = await run(
			'createFromFile',
			{
				name: 'Handbuch',
				fileType: 'pdf',
				binaryPropertyName: 'data',
				additionalFields: { description: 'Bedienungsanleitung' },
			},
			{
				input: [
					fileItem(bytes, {
						fileName: 'handbuch.pdf',
						mimeType: 'application/pdf',
						fileExtension: 'pdf',
					}),
				],
			},
		);
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({
			method: 'POST',
			path: `/api/user/knowledgebases/${KB}/documents`,
			query: {},
			status: 201,
		});
		expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
		const body = request.body as MultipartBody;
		expect(body.fields).toEqual({
			name: 'Handbuch',
			description: 'Bedienungsanleitung',
			type: 'pdf',
		});
		expect(body.files).toEqual([
			{
				field: 'file',
				filename: 'handbuch.pdf',
				mimetype: 'application/pdf',
				size: bytes.length,
				sha256: sha256(bytes),
			},
		]);
		expect(result.output[0].json).toMatchObject({
			data: { name: 'Handbuch', type: 'pdf', type_label: 'PDF', status: 'processing' },
		});
	});

	it('uploads UTF-8 text and a DOCX from another binary property byte for byte', async () => {
		const text = Buffer.from('Öffnungszeiten: Mo–Fr 9–18 Uhr. Grüße! 👋\n', 'utf8');
		const textResult = await run(
			'createFromFile',
			{ name: 'Zeiten', fileType: 'txt', binaryPropertyName: 'data' },
			{ input: [fileItem(text, { fileName: 'zeiten.txt', mimeType: 'text/plain' })] },
		);
		expect(textResult.error).toBeUndefined();
		const word = docx();
		const wordResult = await run(
			'createFromFile',
			{ name: 'Vertrag', fileType: 'docx', binaryPropertyName: 'attachment' },
			{ input: [fileItem(word, { fileName: 'vertrag.docx', mimeType: DOCX_MIME }, 'attachment')] },
		);
		expect(wordResult.error).toBeUndefined();
		const [textRequest, wordRequest] = (await kit().requests()).map(
			(entry) => entry.body as MultipartBody,
		);
		expect(textRequest.fields).toEqual({ name: 'Zeiten', type: 'txt' });
		expect(textRequest.files[0]).toMatchObject({
			field: 'file',
			filename: 'zeiten.txt',
			size: text.length,
			sha256: sha256(text),
		});
		expect(wordRequest.fields).toEqual({ name: 'Vertrag', type: 'docx' });
		expect(wordRequest.files[0]).toEqual({
			field: 'file',
			filename: 'vertrag.docx',
			mimetype: DOCX_MIME,
			size: word.length,
			sha256: sha256(word),
		});
	});

	it('accepts a DOCX labelled as a plain ZIP, since its content shows a Word document', async () => {
		const word = docx();
		const result = await run(
			'createFromFile',
			{ name: 'Zip-Label', fileType: 'docx', binaryPropertyName: 'data' },
			{ input: [fileItem(word, { fileName: 'brief.docx', mimeType: 'application/zip' })] },
		);
		expect(result.error).toBeUndefined();
		expect((only(await kit().requests()).body as MultipartBody).files[0]).toMatchObject({
			filename: 'brief.docx',
			sha256: sha256(word),
		});
	});

	it('adds the extension to a file name without one, and accepts a file of exactly 20 MB', async () => {
		const bytes = pdf(20 * 1024 * 1024 - 9);
		expect(bytes.length).toBe(20 * 1024 * 1024);
		const result = await run(
			'createFromFile',
			{ name: 'Groß', fileType: 'pdf', binaryPropertyName: 'data' },
			{ input: [fileItem(bytes, { fileName: 'scan' })] },
		);
		expect(result.error).toBeUndefined();
		const file = (only(await kit().requests()).body as MultipartBody).files[0];
		expect(file).toMatchObject({ filename: 'scan.pdf', size: bytes.length, sha256: sha256(bytes) });
	});

	it.each([
		[
			'a file over 20 MB',
			'pdf',
			() => pdf(20 * 1024 * 1024 - 8),
			{ fileName: 'big.pdf' },
			/File in "data" \(file\) must be at most 20 MB/,
		],
		[
			'an empty file',
			'txt',
			() => Buffer.alloc(0),
			{ fileName: 'leer.txt' },
			/File in "data" \(file\) is empty/,
		],
		[
			'a .txt file when PDF is chosen',
			'pdf',
			() => pdf(),
			{ fileName: 'notes.txt' },
			/must be a \.pdf file as chosen in File Type, got a \.txt file/,
		],
		[
			'a mime type of another type',
			'pdf',
			() => pdf(),
			{ fileName: 'ohne-endung', mimeType: 'image/png' },
			/must be a pdf file as chosen in File Type, got mime type image\/png/,
		],
		[
			'PDF bytes that do not start with %PDF',
			'pdf',
			() => randomBytes(1000),
			{ fileName: 'fake.pdf', mimeType: 'application/pdf' },
			/does not start with %PDF/,
		],
		[
			'a DOCX that is not a ZIP',
			'docx',
			() => Buffer.from('just text'),
			{ fileName: 'x.docx' },
			/is not a ZIP container/,
		],
		[
			'a ZIP that is no Word document',
			'docx',
			() =>
				Buffer.concat([
					Buffer.from('PK\x03\x04', 'latin1'),
					Buffer.from('xl/workbook.xml', 'latin1'),
				]),
			{ fileName: 'x.docx' },
			/without word\/document\.xml/,
		],
		[
			'text that is not UTF-8',
			'txt',
			() => Buffer.from([0x48, 0x61, 0x6c, 0xff, 0xfe, 0x6f]),
			{ fileName: 'latin.txt', mimeType: 'text/plain' },
			/is not valid UTF-8 text/,
		],
	])('fails the item on %s and sends nothing', async (_case, fileType, bytes, meta, message) => {
		const result = await run(
			'createFromFile',
			{ name: 'Datei', fileType, binaryPropertyName: 'data' },
			{ input: [fileItem(bytes(), meta)] },
		);
		expect(result.error?.message).toMatch(message);
		expect(await kit().requests()).toEqual([]);
	});

	it('fails the item when the binary property is missing and sends nothing', async () => {
		const result = await run(
			'createFromFile',
			{ name: 'Datei', fileType: 'pdf', binaryPropertyName: 'document' },
			{ input: [fileItem(pdf(10), { fileName: 'a.pdf' })] },
		);
		expect(result.error?.message).toMatch(/document/);
		expect(await kit().requests()).toEqual([]);
	});

	it('with Continue On Fail, uploads the good files and returns the bad one as an error item', async () => {
		const good = [pdf(1000), pdf(2000)];
		const input = [
			fileItem(good[0], { fileName: 'a.pdf' }),
			fileItem(Buffer.from('not a pdf'), { fileName: 'b.pdf' }),
			fileItem(good[1], { fileName: 'c.pdf' }),
		];
		const result = await run(
			'createFromFile',
			{ name: '={{ "Datei " + $itemIndex }}', fileType: 'pdf', binaryPropertyName: 'data' },
			{ continueOnFail: true, input },
		);
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(result.output[0].json).toMatchObject({
			data: { name: 'Datei 0', status: 'processing' },
		});
		expect(result.output[1].json).toMatchObject({
			error: expect.stringMatching(/File in "data" \(file\) does not start with %PDF/),
			httpCode: null,
		});
		expect(result.output[2].json).toMatchObject({ data: { name: 'Datei 2' } });
		const files = (await kit().requests()).map(
			(entry) => (entry.body as MultipartBody).files[0].sha256,
		);
		expect(files).toEqual(good.map(sha256));
	});

	it('never repeats an upload whose outcome is unknown (500)', async () => {
		await kit().fault({
			method: 'POST',
			path: `/api/user/knowledgebases/${KB}/documents`,
			kind: '500',
			count: 3,
		});
		const result = await run(
			'createFromFile',
			{ name: 'Einmal', fileType: 'pdf', binaryPropertyName: 'data' },
			{ input: [fileItem(pdf(100), { fileName: 'a.pdf' })] },
		);
		expect(result.error?.message).toMatch(/500/);
		expect(result.error?.message).toMatch(/not repeated/);
		expect(await kit().requests()).toHaveLength(1);
		await kit().control('DELETE', '/faults');
	});
});

describe('Document → Get Many', () => {
	it('reads GET .../documents and outputs one item per document, limited locally', async () => {
		await run('createFromWebsite', { name: 'Zweites', url: 'https://example.com/2' });
		await run('createFromWebsite', { name: 'Drittes', url: 'https://example.com/3' });
		await kit().clearRequests();

		const all = await run('getAll', { returnAll: true });
		expect(all.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: `/api/user/knowledgebases/${KB}/documents`,
			query: {},
			body: null,
		});
		expect(all.output.map((item) => item.json.name)).toEqual(['Website FAQ', 'Zweites', 'Drittes']);
		expect(all.output[0].json).toMatchObject({
			id: SEED.alice.documentIds[0],
			type: 'website',
			status: 'active',
		});

		await kit().clearRequests();
		const limited = await run('getAll', { returnAll: false, limit: 2 });
		expect(limited.output.map((item) => item.json.name)).toEqual(['Website FAQ', 'Zweites']);
		expect(only(await kit().requests()).query).toEqual({});
	});
});

describe('Document → Get', () => {
	it('reads GET .../documents/{documentId} and outputs the document itself', async () => {
		const result = await run('get', { documentId: String(SEED.alice.documentIds[0]) });
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: `/api/user/knowledgebases/${KB}/documents/501`,
			query: {},
		});
		expect(result.output).toHaveLength(1);
		expect(result.output[0].json).toMatchObject({
			id: 501,
			name: 'Website FAQ',
			type: 'website',
			status: 'active',
		});
		expect(result.output[0].json.data).toBeUndefined();
	});

	it('maps 404 for a document of another knowledge base', async () => {
		const result = await run('get', { documentId: String(SEED.bob.documentIds[0]) });
		expect(result.error?.message).toBe('Famulor API error 404: Document not found.');
	});

	it('fails the item on a document ID that is not a number and sends nothing', async () => {
		const result = await run('get', { documentId: 'doc-501' });
		expect(result.error?.message).toMatch(
			/Document ID \(documentId\) must be a positive whole number/,
		);
		expect(await kit().requests()).toEqual([]);
	});
});

describe('Document → Update, Delete', () => {
	it('updates name and description at the document path and outputs the document', async () => {
		const result = await runV2('document', 'update', {
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
			await runV2('document', 'update', { knowledgeBaseId: locator(51), documentId: locator(501) }),
			'Update Fields',
		);
		const deleted = await runV2('document', 'delete', {
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

describe('Document: the API token', () => {
	it('never appears in any output item, error message, description or context', () => {
		expect(kit().runs.length).toBeGreaterThan(15);
		for (const result of kit().runs)
			expect(visibleText(result)).not.toContain(kit().credentials.apiToken);
	});
});

describeTokenNeverShown(kit);
