import { KB, kit } from './setup';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { IDLE_EXECUTION_MS } from '../../../nodes/shared/transport';
import {
	DOCUMENT_FAILED,
	MAX_TIMEOUT_MINUTES,
	DOCUMENT_STILL_PROCESSING,
	PROCESSING_POLL_INTERVAL_MS,
	nextWaitStep,
} from '../../../nodes/Famulor/actions/document/waitUntilProcessed';
import { SEED } from '../../../sandbox';
import { actionNodeDescription } from '../../../harness/engine';
import { clock, expectPairedWith, jsonOf, locator, type RunOptions } from '../kit';

const DOCUMENTS = `/api/user/knowledgebases/${KB}/documents`;

const v2 = { typeVersion: 2 };

const website = (parameters: IDataObject = {}) => ({
	resource: 'document',
	operation: 'createFromWebsite',
	knowledgeBaseId: locator(KB),
	name: 'Preise',
	url: 'https://example.com/preise',
	...parameters,
});

const textFile = (parameters: IDataObject = {}) => ({
	resource: 'document',
	operation: 'createFromFile',
	knowledgeBaseId: locator(KB),
	name: 'Handbuch',
	fileType: 'txt',
	...parameters,
});

const fileInput = (text = 'Öffnungszeiten: Mo–Fr 9–17 Uhr'): INodeExecutionData[] => [
	{
		json: {},
		binary: {
			data: {
				data: Buffer.from(text).toString('base64'),
				mimeType: 'text/plain',
				fileName: 'handbuch.txt',
			},
		},
	},
];

const waiting = (timeoutMinutes?: number) => ({
	waitUntilProcessed: true,
	...(timeoutMinutes === undefined ? {} : { timeoutMinutes }),
});

async function run(parameters: IDataObject, options: RunOptions = {}) {
	return await kit().run(parameters as never, { ...v2, ...options });
}

/** Documents created from now on stay `processing` for `delayMs`, and the next `failNext` of them end `failed`. */
async function processing(change: { delayMs?: number; failNext?: number }): Promise<void> {
	await kit().control('PUT', '/document-processing', change);
}

const uploads = async () => (await kit().requests(DOCUMENTS)).filter((r) => r.method === 'POST');

/** IDs of the documents created in this test (the seeded one left out), read from the list: not a read of `${DOCUMENTS}/*`. */
async function createdIds(): Promise<number[]> {
	const { json } = await kit().api('GET', DOCUMENTS);
	return (json.data as Array<{ id: number }>)
		.map((document) => document.id)
		.filter((id) => !SEED.alice.documentIds.includes(id));
}

const reads = async () =>
	(await kit().requests(`${DOCUMENTS}/*`)).filter((r) => r.method === 'GET');

/** When each read went, in milliseconds after the (one) upload, on the sandbox's clock. */
async function readTimes(): Promise<number[]> {
	const [upload] = await uploads();
	return (await reads()).map((read) => read.at - upload.at);
}

describe('Wait Until Processed: the decision after each read', () => {
	const deadline = 100_000;
	it.each([
		['active', 0, { kind: 'processed' }],
		['failed', 0, { kind: 'failed' }],
		['Active', deadline + 1, { kind: 'processed' }],
		['failed', deadline + 1, { kind: 'failed' }],
		['processing', 0, { kind: 'readAgain', afterMs: PROCESSING_POLL_INTERVAL_MS }],
		['processing', deadline - 1_000, { kind: 'readAgain', afterMs: 1_000 }],
		['processing', deadline, { kind: 'timedOut' }],
		['queued', deadline - 1, { kind: 'readAgain', afterMs: 1 }],
		[undefined, 0, { kind: 'readAgain', afterMs: PROCESSING_POLL_INTERVAL_MS }],
		[undefined, deadline + 5, { kind: 'timedOut' }],
	])('status %p at %p ms → %p', (status, now, step) => {
		expect(nextWaitStep(status, now, deadline)).toEqual(step);
	});
});

describe('Wait Until Processed: the longest timeout', () => {
	it('ends well before the journal may forget the upload, so a retry after it never uploads again', () => {
		expect(MAX_TIMEOUT_MINUTES * 60_000).toBeLessThanOrEqual(IDLE_EXECUTION_MS / 2);
	});
});

describe('Wait Until Processed: off by default', () => {
	it('is offered only by version 2, off, with a 5-minute timeout shown only when on', () => {
		const names = (version: number) =>
			actionNodeDescription(version).properties.map((property) => property.name);
		expect(names(1)).not.toContain('waitUntilProcessed');
		expect(names(1)).not.toContain('timeoutMinutes');
		const v2Properties = actionNodeDescription(2).properties;
		const wait = v2Properties.filter((property) => property.name === 'waitUntilProcessed');
		expect(wait.map((property) => property.displayOptions?.show?.operation)).toEqual([
			['createFromWebsite'],
			['createFromFile'],
		]);
		expect(wait.every((property) => property.default === false)).toBe(true);
		const timeout = v2Properties.filter((property) => property.name === 'timeoutMinutes');
		expect(timeout).toHaveLength(2);
		for (const property of timeout) {
			expect(property.default).toBe(5);
			expect(property.displayOptions?.show?.waitUntilProcessed).toEqual([true]);
		}
	});

	it('sends the same request in both versions and returns at once with status "processing"', async () => {
		const v1Result = await kit().run(website() as never);
		const v2Result = await run(website());
		const v1File = await kit().run(textFile() as never, { input: fileInput() });
		const v2File = await run(textFile(), { input: fileInput() });
		for (const result of [v1Result, v2Result, v1File, v2File]) expect(result.error).toBeUndefined();
		const [websiteV1, websiteV2, fileV1, fileV2] = await kit().requests();
		expect(await kit().requests()).toHaveLength(4);
		expect(websiteV2.body).toEqual(websiteV1.body);
		expect(websiteV2.contentType).toBe(websiteV1.contentType);
		expect(fileV2.body).toEqual(fileV1.body);
		expect(jsonOf(v1Result)[0]).toMatchObject({ data: { status: 'processing' } });
		expect(jsonOf(v2Result)[0]).toMatchObject({ name: 'Preise', status: 'processing' });
		expect(jsonOf(v2File)[0]).toMatchObject({ name: 'Handbuch', status: 'processing' });
	});

	it('version 1 ignores the parameters even when a workflow carries them', async () => {
		const result = await kit().run(website(waiting(0.1)) as never);
		expect(result.error).toBeUndefined();
		expect(await kit().requests()).toHaveLength(1);
		expect(jsonOf(result)[0]).toMatchObject({ data: { status: 'processing' } });
	});

	it('refuses a timeout out of range before uploading anything', async () => {
		const result = await run(website(waiting(0)));
		expect(result.error?.message).toBe(
			'Timeout (timeoutMinutes) must be a number from 0.1 to 30, got 0',
		);
		expect(await kit().requests()).toHaveLength(0);
	});
});

describe('Wait Until Processed: on', () => {
	it('outputs each document in its final state, as Get reads it, after one upload and reads only', async () => {
		await processing({ delayMs: 1_000 });
		const [fromWebsite, fromFile] = await Promise.all([
			run(website(waiting())),
			run(textFile(waiting()), { input: fileInput() }),
		]);
		expect(fromWebsite.error).toBeUndefined();
		expect(fromFile.error).toBeUndefined();
		const created = await uploads();
		expect(created).toHaveLength(2);
		const documents = [jsonOf(fromWebsite)[0], jsonOf(fromFile)[0]];
		expect((await reads()).map((r) => r.path).sort()).toEqual(
			documents.map((document) => `${DOCUMENTS}/${String(document.id)}`).sort(),
		);
		expect(documents[0]).toMatchObject({ name: 'Preise', type: 'website', status: 'active' });
		expect(documents[1]).toMatchObject({ name: 'Handbuch', type: 'txt', status: 'active' });
		for (const document of documents) {
			const { json } = await kit().api('GET', `${DOCUMENTS}/${String(document.id)}`);
			expect(document).toEqual(json.data);
		}
	});

	it('fails the item naming the document when processing fails', async () => {
		await processing({ delayMs: 1_000, failNext: 1 });
		const result = await run(website(waiting()));
		const [id] = await createdIds();
		expect(result.output).toHaveLength(0);
		expect(result.error?.message).toBe(
			`Document "Preise" (ID ${id}) in knowledge base ${KB} failed processing`,
		);
		expect(result.error?.context).toMatchObject({ errorCode: DOCUMENT_FAILED, documentId: id });
		expect(await uploads()).toHaveLength(1);
	});

	it('fails the item past the timeout saying the document is still processing, with its ID', async () => {
		const result = await run(website(waiting(0.1)));
		const [id] = await createdIds();
		expect(result.error?.message).toBe(
			`Document "Preise" (ID ${id}) in knowledge base ${KB} is still processing after 0.1 minutes`,
		);
		expect(result.error?.description).toContain(`Document → Get (ID ${id})`);
		expect(result.error?.context).toMatchObject({
			errorCode: DOCUMENT_STILL_PROCESSING,
			documentId: id,
		});
		// read at the poll interval and once more at the 6 s deadline
		expect(await readTimes()).toEqual([PROCESSING_POLL_INTERVAL_MS, 6_000]);
		expect(await uploads()).toHaveLength(1);
	});

	it('with Continue On Fail, outputs an error item for the failed document and the next one processed, each paired with its input', async () => {
		await processing({ delayMs: 1_000, failNext: 1 });
		const result = await run(website({ name: '={{ $json.name }}', ...waiting() }), {
			continueOnFail: true,
			input: [{ json: { name: 'Erste' } }, { json: { name: 'Zweite' } }],
		});
		expect(result.error).toBeUndefined();
		const [failedId, processedId] = await createdIds();
		expectPairedWith(result, [0, 1]);
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				error: `Document "Erste" (ID ${failedId}) in knowledge base ${KB} failed processing`,
				errorCode: DOCUMENT_FAILED,
			}),
			expect.objectContaining({ id: processedId, name: 'Zweite', status: 'active' }),
		]);
		expect(await uploads()).toHaveLength(2);
	});

	it('fails the item saying the document was created when reading it fails', async () => {
		// The clock stays at the upload until the document is deleted, so the first read finds it gone.
		clock.hold();
		const running = run(website(waiting()));
		await clock.waiting();
		expect(await uploads()).toHaveLength(1);
		expect(await reads()).toHaveLength(0);
		const [id] = await createdIds();
		expect((await kit().api('DELETE', `${DOCUMENTS}/${id}`)).status).toBe(200);
		clock.release();
		const result = await running;
		expect(result.error?.message).toMatch(
			new RegExp(
				`^Document "Preise" \\(ID ${id}\\) in knowledge base ${KB} was created, but reading its processing status failed: .*Document not found`,
			),
		);
		expect(result.error?.context).toMatchObject({ httpCode: 404, documentId: id });
	});
});

describe('Wait Until Processed and Retry On Fail', () => {
	it('a retry after the timeout waits again for the same document and never uploads it a second time', async () => {
		// Processed 8 s after the upload: after the first try's 6 s deadline, before the retry reads.
		await processing({ delayMs: 8_000 });
		const result = await run(textFile(waiting(0.1)), {
			input: fileInput(),
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ name: 'Handbuch', status: 'active' }),
		]);
		expect(await uploads()).toHaveLength(1);
		// The first try read at 5 s and at its 6 s deadline; the retry read once, the document processed.
		const times = await readTimes();
		expect(times.slice(0, 2)).toEqual([PROCESSING_POLL_INTERVAL_MS, 6_000]);
		expect(times).toHaveLength(3);
		expect(times[2]).toBeGreaterThanOrEqual(6_000 + PROCESSING_POLL_INTERVAL_MS);
	});
});
