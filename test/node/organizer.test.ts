import { jsonOf, locator, only, useDrivenKit } from './kit';

// Version 2 against the sandbox in current mode.
const kit = useDrivenKit({
	api: 'current',
	rateLimits: { generateReply: { limit: 1000, windowMs: 60_000 } },
});

const v2 = { typeVersion: 2 };

describe('Folder and Label', () => {
	it.each([
		['folder', '/api/user/folder'],
		['label', '/api/user/label'],
	])('%s: create, get many, update, delete', async (resource, itemPath) => {
		const made = await kit().run(
			{ resource, operation: 'create', name: 'Campaign Q3', additionalFields: { color: 'teal' } },
			v2,
		);
		const id = jsonOf(made)[0].id as number;
		expect(jsonOf(made)).toEqual([{ id, name: 'Campaign Q3', color: 'teal', assistants_count: 0 }]);
		const all = await kit().run({ resource, operation: 'getAll', returnAll: true }, v2);
		expect(jsonOf(all)).toHaveLength(3);
		const idParameter = `${resource}Id`;
		await kit().run(
			{
				resource,
				operation: 'update',
				[idParameter]: locator(id),
				updateFields: { removeColor: true },
			},
			v2,
		);
		const deleted = await kit().run(
			{ resource, operation: 'delete', [idParameter]: locator(id) },
			v2,
		);
		expect(jsonOf(deleted)).toEqual([
			{
				id,
				deleted: true,
				message: expect.stringMatching(/^(Folder|Label) deleted successfully$/),
			},
		]);
		expect((await kit().requests()).map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', itemPath, { name: 'Campaign Q3', color: 'teal' }],
			['GET', `${itemPath}s`, null],
			['PUT', `${itemPath}/${id}`, { color: null }],
			['DELETE', `${itemPath}/${id}`, null],
		]);
	});
	it('pages through the list with the total', async () => {
		const all = await kit().run(
			{ resource: 'label', operation: 'getAll', returnAll: false, limit: 1 },
			v2,
		);
		expect(jsonOf(all).map((l) => l.id)).toEqual([95]);
		expect(only(await kit().requests()).query).toEqual({ per_page: '1', page: '1' });
	});
	it('refuses an unknown colour before sending', async () => {
		await kit().expectFailedBeforeSending(
			await kit().run(
				{
					resource: 'folder',
					operation: 'create',
					name: 'X',
					additionalFields: { color: 'black' },
				},
				v2,
			),
			'color',
		);
	});
});
