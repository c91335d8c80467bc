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
	NO_FIELD_TO_CHANGE,
	v2Runner,
} from './kit';

const KB = SEED.alice.knowledgeBaseId;

const kit = useKit();

async function run(operation: string, parameters: Record<string, unknown>, extra: RunOptions = {}) {
	return await kit().run({ resource: 'knowledgeBase', operation, ...parameters } as never, extra);
}

const ALICE = SEED.alice;

const runV2 = v2Runner(kit);

describe('Knowledge Base → Get', () => {
	it('reads GET /api/user/knowledgebases/{id} and outputs the knowledge base itself', async () => {
		const result = await run('get', { knowledgeBaseId: locator(KB, 'list') });
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: `/api/user/knowledgebases/${KB}`,
			query: {},
			body: null,
		});
		expect(result.output).toHaveLength(1);
		expect(result.output[0].pairedItem).toEqual({ item: 0 });
		expect(result.output[0].json).toMatchObject({
			id: KB,
			name: 'Produkt-FAQ',
			status: expect.any(String),
			documents_count: expect.any(Number),
			assistants_count: expect.any(Number),
		});
		expect(result.output[0].json.data).toBeUndefined();
	});

	it('maps 404 for a knowledge base of another account', async () => {
		const result = await run('get', { knowledgeBaseId: locator(SEED.bob.knowledgeBaseId) });
		expect(result.error?.message).toBe('Famulor API error 404: Knowledgebase not found.');
		expect(result.error?.context).toMatchObject({ httpCode: 404 });
	});

	it('fails the item on an ID that is not a number and sends nothing', async () => {
		const result = await run('get', { knowledgeBaseId: locator('={{ "faq" }}') });
		expect(result.error?.message).toMatch(/Knowledge Base \(id\) must be a positive whole number/);
		expect(await kit().requests()).toEqual([]);
	});
});

describe('Knowledge Base → Update', () => {
	it('sends PUT with name and description as strings and outputs the response', async () => {
		const result = await run('update', {
			knowledgeBaseId: locator(KB),
			updateFields: { name: 'FAQ 2026', description: 'Aktualisiert' },
		});
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({
			method: 'PUT',
			path: `/api/user/knowledgebases/${KB}`,
			query: {},
		});
		expect(request.contentType).toMatch(/^application\/json/);
		expect(request.body).toEqual({ name: 'FAQ 2026', description: 'Aktualisiert' });
		expect(fieldTypes(request.body)).toEqual({ name: 'string', description: 'string' });
		expect(result.output[0].json).toMatchObject({
			message: 'Knowledgebase updated successfully.',
			data: {
				id: KB,
				name: 'FAQ 2026',
				description: 'Aktualisiert',
				updated_at: expect.any(String),
			},
		});
	});

	it('sends only the fields given', async () => {
		const result = await run('update', {
			knowledgeBaseId: locator(KB),
			updateFields: { description: 'Nur die Beschreibung' },
		});
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests()).body).toEqual({ description: 'Nur die Beschreibung' });
		expect(result.output[0].json).toMatchObject({
			data: { name: 'Produkt-FAQ', description: 'Nur die Beschreibung' },
		});
	});

	it('accepts 255 characters', async () => {
		const result = await run('update', {
			knowledgeBaseId: locator(KB),
			updateFields: { name: 'n'.repeat(255) },
		});
		expect(result.error).toBeUndefined();
		expect((only(await kit().requests()).body as { name: string }).name).toHaveLength(255);
	});

	it.each([
		[
			'a name over 255 characters',
			{ name: 'n'.repeat(256) },
			/Name \(name\) must be at most 255 characters, got 256/,
		],
		[
			'a description over 255 characters',
			{ description: 'd'.repeat(300) },
			/Description \(description\) must be at most 255 characters, got 300/,
		],
		['an empty name', { name: '  ' }, /Name \(name\) is required and must not be empty/],
		['no field at all', {}, new RegExp(`^${NO_FIELD_TO_CHANGE}$`)],
	])('fails the item on %s and sends nothing', async (_case, updateFields, message) => {
		const result = await run('update', { knowledgeBaseId: locator(KB), updateFields });
		expect(result.error?.message).toMatch(message);
		expect(await kit().requests()).toEqual([]);
	});

	it('with Continue On Fail, updates the good items and returns the bad one as an error item', async () => {
		const input = [
			{ json: { name: 'Eins' } },
			{ json: { name: 'x'.repeat(256) } },
			{ json: { name: 'Drei' } },
		];
		const result = await run(
			'update',
			{ knowledgeBaseId: locator(KB), updateFields: { name: '={{ $json.name }}' } },
			{ continueOnFail: true, input },
		);
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(result.output[0].json).toMatchObject({ data: { name: 'Eins' } });
		expect(result.output[1].json).toMatchObject({
			error: expect.stringMatching(/Name \(name\) must be at most 255/),
			httpCode: null,
			errorCode: null,
		});
		expect(result.output[2].json).toMatchObject({ data: { name: 'Drei' } });
		expect((await kit().requests()).map((entry) => (entry.body as { name: string }).name)).toEqual([
			'Eins',
			'Drei',
		]);
	});

	it('with Continue On Fail, a 404 becomes an error item with the status', async () => {
		const result = await run(
			'update',
			{ knowledgeBaseId: locator(999), updateFields: { name: 'X' } },
			{ continueOnFail: true },
		);
		expect(result.output[0].json).toMatchObject({
			error: 'Famulor API error 404: Knowledgebase not found.',
			httpCode: 404,
		});
	});
});

describe('Knowledge Base → Create, Get Many, Delete', () => {
	it('creates with name and description and outputs the new knowledge base', async () => {
		const result = await runV2('knowledgeBase', 'create', {
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
			await runV2('knowledgeBase', 'create', { name: '={{ " " }}' }),
			'name',
		);
		await expectFailedBeforeSending(
			kit(),
			await runV2('knowledgeBase', 'create', { name: 'n'.repeat(256) }),
			'name',
		);
	});

	it("lists with Return All / Limit and deletes with {id, deleted} and the service's message", async () => {
		await kit().api('POST', '/api/user/knowledgebases', { name: 'Second' });
		expect(
			jsonOf(await runV2('knowledgeBase', 'getAll', { returnAll: false, limit: 1 })).map(
				(kb) => kb.id,
			),
		).toEqual([ALICE.knowledgeBaseId]);
		expect(jsonOf(await runV2('knowledgeBase', 'getAll', { returnAll: true }))).toHaveLength(2);
		await kit().clearRequests();
		const deleted = await runV2('knowledgeBase', 'delete', {
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
		const result = await runV2(
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

describe('Knowledge Base: the API token', () => {
	it('never appears in any output item, error message, description or context', () => {
		expect(kit().runs.length).toBeGreaterThan(8);
		for (const result of kit().runs)
			expect(visibleText(result)).not.toContain(kit().credentials.apiToken);
	});
});

describeTokenNeverShown(kit);
