import {
	describeTokenNeverShown,
	expectMiddleItemRefused,
	fieldTypes,
	items,
	locator,
	NO_FIELD_TO_CHANGE,
	only,
} from '../kit';
import { KB, kit, run } from './setup';

describe('Knowledge Base → Update', () => {
	it('sends PUT with name and description as strings and outputs the response', async () => {
		const result = await run('update', {
			knowledgeBaseId: locator(KB),
			updateFields: { name: 'FAQ 2026', description: 'Aktualisiert' },
		});
		const request = await kit().expectSentOnce(result, `PUT /api/user/knowledgebases/${KB}`, {
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
		const input = items({ name: 'Eins' }, { name: 'x'.repeat(256) }, { name: 'Drei' });
		const result = await run(
			'update',
			{ knowledgeBaseId: locator(KB), updateFields: { name: '={{ $json.name }}' } },
			{ continueOnFail: true, input },
		);
		expectMiddleItemRefused(result, /Name \(name\) must be at most 255/);
		expect(result.output[0].json).toMatchObject({ data: { name: 'Eins' } });
		expect(result.output[1].json).toMatchObject({ errorCode: null });
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

describeTokenNeverShown(kit, { title: 'Knowledge Base: the API token', minRuns: 9 });

describeTokenNeverShown(kit);
