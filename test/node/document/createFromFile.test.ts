import { KB, kit, run } from './setup';
import { createHash, randomBytes } from 'node:crypto';
import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';
import { describeTokenNeverShown, expectMiddleItemRefused, only } from '../kit';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

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
		const request = await kit().expectSentOnce(
			result,
			`POST /api/user/knowledgebases/${KB}/documents`,
			{ query: {}, status: 201 },
		);
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
		expectMiddleItemRefused(result, /File in "data" \(file\) does not start with %PDF/);
		expect(result.output[0].json).toMatchObject({
			data: { name: 'Datei 0', status: 'processing' },
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

describeTokenNeverShown(kit, { title: 'Document: the API token', minRuns: 16 });
