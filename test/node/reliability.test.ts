/**
 * What happens around one node run: n8n's own Retry On Fail, items checked before the first send,
 * billed requests that went through before a later item failed, and failures without an answer.
 */
import { SEED } from '../../sandbox';
import { actionNodeDescription } from '../../harness/engine';
import {
	callEachPhone,
	expectPairedWith,
	items,
	locator,
	phoneItems,
	type RunOptions,
	useDrivenKit,
} from './kit';

const ALICE = SEED.alice;
const CALL_PATH = '/api/user/make_call';
const CUSTOMERS = [
	'+4915112345671',
	'+4915112345672',
	'+4915112345673',
	'+4915112345674',
	'+4915112345675',
];
const RETRY = { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 };

const kit = useDrivenKit();

/** The IDs of every call in the sandbox (it starts with finished calls of its own). */
async function callIds(): Promise<number[]> {
	return (await kit().control<Array<{ id: number }>>('GET', '/calls')).map((call) => call.id);
}

/** The calls placed since `before` was taken, oldest first. */
async function placedCallIds(before: number[]): Promise<number[]> {
	return (await callIds()).filter((id) => !before.includes(id)).sort((a, b) => a - b);
}

async function makeCalls(numbers: string[], options: RunOptions = {}) {
	return await kit().run(callEachPhone as never, { input: phoneItems(...numbers), ...options });
}

describe("n8n's Retry On Fail", () => {
	it('does not place a call again whose outcome is unknown: the retries fail with the same error, and send the item never sent once', async () => {
		// The make_call gets a 500: its outcome is unknown, the node fails, n8n runs it twice more.
		await kit().fault({ method: 'POST', path: CALL_PATH, count: 1, kind: '500' });
		const result = await makeCalls([CUSTOMERS[0], CUSTOMERS[1]], { settings: RETRY });
		// The first failure stopped item 1 from starting; the second try sent it (its item 0 only
		// repeated the remembered error), the third sent nothing.
		const sent = (await kit().requests(CALL_PATH)).map(
			(request) => (request.body as { phone_number?: string } | null)?.phone_number ?? 'faulted',
		);
		expect(sent).toEqual(['faulted', CUSTOMERS[1]]);
		expect(result.error?.message).toMatch(/outcome unknown/);
		expect(result.error?.message).toMatch(/not sent again/);
		expect(result.error?.context?.errorCode).toBe('OUTCOME_UNKNOWN');
	});

	it('does not place a call again that got an answer; a refused item is sent again', async () => {
		const before = await callIds();
		const parameters = { ...callEachPhone, assistantId: locator('={{ $json.assistant }}') };
		const input = items(
			{ phone: CUSTOMERS[0], assistant: ALICE.outboundAssistantId },
			{ phone: CUSTOMERS[1], assistant: SEED.bob.outboundAssistantId },
		);
		const result = await kit().run(parameters as never, { input, settings: RETRY });
		const sent = (await kit().requests(CALL_PATH)).map(
			(request) => (request.body as { phone_number: string }).phone_number,
		);
		expect(sent).toEqual([CUSTOMERS[0], CUSTOMERS[1], CUSTOMERS[1], CUSTOMERS[1]]);
		expect(result.error?.message).toMatch(/^Famulor API error 404/);
		expect(await placedCallIds(before)).toHaveLength(1);
	});

	it('returns the remembered answer for an item that went through, also with Continue On Fail', async () => {
		// The first call fails with an unknown outcome; under Continue On Fail n8n retries because item 0 is an error item.
		const before = await callIds();
		await kit().fault({ method: 'POST', path: CALL_PATH, count: 1, kind: '500' });
		const result = await makeCalls(CUSTOMERS.slice(0, 3), {
			settings: RETRY,
			continueOnFail: true,
		});
		expect(await kit().requests(CALL_PATH)).toHaveLength(3);
		expectPairedWith(result, [0, 1, 2]);
		expect(result.output[0].json.error).toMatch(/outcome unknown/);
		expect(result.output[1].json.call_id).toEqual(expect.any(Number));
		expect(result.output[2].json.call_id).toEqual(expect.any(Number));
		expect(await placedCallIds(before)).toHaveLength(2);
	});

	it('keeps executions apart: the same call in a new execution is placed again', async () => {
		await makeCalls([CUSTOMERS[0]], { settings: RETRY });
		await makeCalls([CUSTOMERS[0]], { settings: RETRY });
		expect(await kit().requests(CALL_PATH)).toHaveLength(2);
	});

	it('keeps items apart: two items with the same number are two calls', async () => {
		const result = await makeCalls([CUSTOMERS[0], CUSTOMERS[0]], { settings: RETRY });
		expect(result.error).toBeUndefined();
		expect(await kit().requests(CALL_PATH)).toHaveLength(2);
		expect(result.output[0].json.call_id).not.toEqual(result.output[1].json.call_id);
	});
});

describe('every item is checked before the first send', () => {
	it('an invalid item fails the run with nothing sent, whatever its position and the parallelism', async () => {
		const result = await kit().run({ ...callEachPhone, parallelRequests: 20 } as never, {
			input: phoneItems(...CUSTOMERS.slice(0, 4), 'not-a-phone', CUSTOMERS[4]),
		});
		expect(result.error?.message).toMatch(/Phone Number \(phone_number\)/);
		expect(result.error?.context?.itemIndex).toBe(4);
		expect(await kit().requests()).toEqual([]);
	});

	it('under Continue On Fail the invalid items become error items and the valid ones are sent', async () => {
		const result = await makeCalls([CUSTOMERS[0], 'not-a-phone', CUSTOMERS[1]], {
			continueOnFail: true,
		});
		expect(result.output.map((item) => [item.pairedItem, Boolean(item.json.error)])).toEqual([
			[{ item: 0 }, false],
			[{ item: 1 }, true],
			[{ item: 2 }, false],
		]);
		expect(
			(await kit().requests(CALL_PATH)).map(
				(request) => (request.body as { phone_number: string }).phone_number,
			),
		).toEqual([CUSTOMERS[0], CUSTOMERS[1]]);
	});

	it('applies to list operations too: an invalid Limit of a later item sends nothing', async () => {
		const result = await kit().run(
			{
				resource: 'phoneNumber',
				operation: 'getAll',
				returnAll: false,
				limit: '={{ $json.limit }}',
			} as never,
			{ input: items({ limit: 5 }, { limit: 0 }) },
		);
		expect(result.error?.message).toMatch(/Limit \(limit\)/);
		expect(await kit().requests()).toEqual([]);
	});
});

describe('a run that fails after billed requests went through', () => {
	it('names how many calls were placed and their IDs, and that running again places them again', async () => {
		await kit().control('POST', '/users/alice/balance', { balance: 100 });
		const first = await makeCalls(CUSTOMERS.slice(0, 2));
		expect(first.error).toBeUndefined();
		await kit().clearRequests();
		const before = await callIds();
		// Item 2 is refused by the service (another account's assistant), after items 0 and 1 were placed.
		const parameters = { ...callEachPhone, assistantId: locator('={{ $json.assistant }}') };
		const input = items(
			{ phone: CUSTOMERS[0], assistant: ALICE.outboundAssistantId },
			{ phone: CUSTOMERS[1], assistant: ALICE.outboundAssistantId },
			{ phone: CUSTOMERS[2], assistant: SEED.bob.outboundAssistantId },
			{ phone: CUSTOMERS[3], assistant: ALICE.outboundAssistantId },
		);
		const result = await kit().run(parameters as never, { input });
		const placed = (await kit().requests(CALL_PATH)).filter((request) => request.status === 200);
		expect(placed).toHaveLength(2);
		const ids = await placedCallIds(before);
		expect(result.error?.message).toMatch(/^Famulor API error 404/);
		expect(result.error?.message).toContain(
			`2 calls of other items went through (call_id: ${ids.join(', ')})`,
		);
		expect(result.error?.message).toContain('1 item after it was not sent');
		expect(result.error?.message).toMatch(/Running the workflow again sends them again/);
		expect(result.error?.context?.succeededItems).toEqual([
			{ itemIndex: 0, ids: [String(ids[0])] },
			{ itemIndex: 1, ids: [String(ids[1])] },
		]);
	});

	it('says nothing of the kind for reads', async () => {
		const parameters = {
			resource: 'knowledgeBase',
			operation: 'get',
			knowledgeBaseId: locator('={{ $json.id }}'),
		};
		const result = await kit().run(parameters as never, {
			input: items({ id: ALICE.knowledgeBaseId }, { id: SEED.bob.knowledgeBaseId }),
		});
		expect(result.error?.message).toMatch(/^Famulor API error 404/);
		expect(result.error?.message).not.toMatch(/went through/);
	});
});

describe('small holes', () => {
	it('refuses a variable name given twice', async () => {
		const result = await kit().run(
			{
				...callEachPhone,
				variables: {
					variable: [
						{ name: 'email', value: 'a@x.de' },
						{ name: 'email', value: 'b@x.de' },
					],
				},
			} as never,
			{ input: phoneItems(CUSTOMERS[0]) },
		);
		expect(result.error?.message).toBe(
			'Variables (variables) has the variable "email" twice: each name may be given once',
		);
		expect(await kit().requests()).toEqual([]);
	});

	it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
		'gives a message naming the field for a binary field named %s',
		async (binaryPropertyName) => {
			const parameters = {
				resource: 'document',
				operation: 'createFromFile',
				knowledgeBaseId: locator(ALICE.knowledgeBaseId),
				name: 'X',
				fileType: 'txt',
				binaryPropertyName,
			};
			const result = await kit().run(parameters as never);
			expect(result.error?.message).toBe(
				`Input Binary Field (file) must be the name of a binary field of the input item, such as "data"; "${binaryPropertyName}" cannot be one`,
			);
			expect(await kit().requests()).toEqual([]);
		},
	);

	it('refuses a URL with a line break instead of sending another URL than the one given', async () => {
		const parameters = {
			resource: 'document',
			operation: 'createFromWebsite',
			knowledgeBaseId: locator(ALICE.knowledgeBaseId),
			name: 'X',
			url: 'https://example.com/pri\nces',
		};
		const result = await kit().run(parameters as never);
		expect(result.error?.message).toMatch(
			/URL \(url\) must not contain line breaks, tabs or other control characters/,
		);
		expect(await kit().requests()).toEqual([]);
	});

	it("Phone Number → Search's Contains hint shows digits that find numbers", async () => {
		const contains = actionNodeDescription().properties.find(
			(property) => property.name === 'contains',
		);
		const example = /e\.g\. (\d+)/.exec(contains?.placeholder ?? '')?.[1] ?? '';
		const result = await kit().run({
			resource: 'phoneNumber',
			operation: 'search',
			countryCode: 'DE',
			contains: example,
			returnAll: true,
		} as never);
		expect(result.output.length).toBeGreaterThan(0);
		for (const item of result.output) expect(String(item.json.phone_number)).toContain(example);
	});

	it('accepts the time zone UTC', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'update',
			assistantId: locator(ALICE.outboundAssistantId),
			updateFields: { timezone: 'UTC' },
		} as never);
		expect(result.error).toBeUndefined();
		expect((await kit().requests('/api/user/assistant/*'))[0].body).toEqual({ timezone: 'UTC' });
	});
});

describe('outputs are the records themselves (version 2)', () => {
	it('a knowledge base update outputs the knowledge base, version 1 the answer as sent', async () => {
		const parameters = {
			resource: 'knowledgeBase',
			operation: 'update',
			knowledgeBaseId: locator(ALICE.knowledgeBaseId),
			updateFields: { name: 'FAQ 2' },
		};
		const v1 = await kit().run(parameters as never);
		const v2 = await kit().run(parameters as never, { typeVersion: 2 });
		expect(v2.output[0].json).toMatchObject({ id: ALICE.knowledgeBaseId, name: 'FAQ 2' });
		expect(v2.output[0].json.data).toBeUndefined();
		expect(v1.output[0].json).toMatchObject({ data: { id: ALICE.knowledgeBaseId, name: 'FAQ 2' } });
	});
});
