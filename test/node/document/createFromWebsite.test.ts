import { KB, kit, run } from './setup';
import { SEED } from '../../../sandbox';
import { describeTokenNeverShown, fieldTypes, locator, only } from '../kit';

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
		const request = await kit().expectSentOnce(
			result,
			`POST /api/user/knowledgebases/${KB}/documents`,
			{ query: {}, status: 201 },
		);
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

describeTokenNeverShown(kit);
