import type { INodeExecutionData, INodePropertyOptions } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import { runLoadMethod } from '../../../harness/engine';
import { describeTokenNeverShown, useDrivenKit, visibleText } from '../kit';

const kit = useDrivenKit();

/** Where Language → Get Many reads. */
const LANGUAGES = '/api/user/assistants/languages';

async function getAll(
	extra: { input?: INodeExecutionData[]; apiToken?: string; continueOnFail?: boolean } = {},
) {
	return await kit().run(
		{ resource: 'language', operation: 'getAll' },
		{
			input: extra.input,
			continueOnFail: extra.continueOnFail,
			credentials: extra.apiToken ? { apiToken: extra.apiToken } : undefined,
		},
	);
}

describe('Language → Get Many', () => {
	it('reads GET /api/user/assistants/languages and outputs one item per language', async () => {
		const result = await getAll();
		await kit().expectSentOnce(result, `GET ${LANGUAGES}`, {
			query: {},
			body: null,
			status: 200,
		});
		expect(result.output.map((item) => item.json)).toEqual(SEED.languages);
		expect(
			result.output.every(
				(item) => JSON.stringify(item.pairedItem) === JSON.stringify({ item: 0 }),
			),
		).toBe(true);
	});

	it('runs once per input item and pairs each language with its item', async () => {
		const result = await getAll({ input: [{ json: { a: 1 } }, { json: { a: 2 } }] });
		expect(await kit().requests()).toHaveLength(2);
		expect(result.output).toHaveLength(2 * SEED.languages.length);
		expect(
			result.output
				.slice(SEED.languages.length)
				.every((item) => JSON.stringify(item.pairedItem) === JSON.stringify({ item: 1 })),
		).toBe(true);
	});

	it('repeats the read after a 500, since reading is safe to repeat', async () => {
		await kit().fault({ method: 'GET', path: LANGUAGES, kind: '500', count: 1 });
		const result = await getAll();
		expect(result.error).toBeUndefined();
		expect(result.output).toHaveLength(SEED.languages.length);
		expect((await kit().requests()).map((entry) => entry.status)).toEqual([500, 200]);
	});

	it('reports a wrong token as a 401 without showing the token', async () => {
		const wrong = 'sbx_wrong_token_5566778899';
		const result = await getAll({ apiToken: wrong });
		expect(result.error?.message).toBe(
			'Famulor API error 401: invalid or missing API token. Check the API Token of the Famulor AI API credential.',
		);
		expect(result.error?.context).toMatchObject({ httpCode: 401 });
		expect(visibleText(result)).not.toContain(wrong);
		const continued = await getAll({ apiToken: wrong, continueOnFail: true });
		expect(continued.output[0].json).toMatchObject({
			httpCode: 401,
			error: expect.stringMatching(/401/),
		});
		expect(visibleText(continued)).not.toContain(wrong);
	});

	it('feeds the Language dropdown (loadOptions getLanguages) with names as values', async () => {
		const options = await runLoadMethod<INodePropertyOptions[]>(
			'loadOptions',
			'getLanguages',
			kit().credentials,
		);
		expect(options).toHaveLength(SEED.languages.length);
		expect(options[4]).toEqual({ name: 'German', value: 'German', description: 'Code: de' });
	});
});

describeTokenNeverShown(kit, { title: 'Language: the API token', minRuns: 5 });
