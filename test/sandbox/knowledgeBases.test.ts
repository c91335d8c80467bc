/** Knowledge bases: read, update, create, list and delete, and what deleting takes with it. */
import { SEED } from '../../sandbox';
import { expectAnswer, useSandbox } from './helpers';

const c = useSandbox({ documentProcessingMs: 2000 });

const ALICE = SEED.alice;

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
