import type { INodeParameters } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import { expectPairedWith, items, jsonOf, startKit, useDrivenKit, visibleText } from '../kit';

// A generous limit on both sides, so the suite does not wait out the documented 5 per minute;
// the pacing test below sets a tight one of its own.
const kit = useDrivenKit(
	{ rateLimits: { generateReply: { limit: 1000, windowMs: 60_000 } } },
	{ customRateLimits: true, generateReplyLimit: 1000, generateReplyWindowSeconds: 60 },
);

const generate = (over: INodeParameters = {}): INodeParameters => ({
	resource: 'aiReply',
	operation: 'generate',
	assistantId: { __rl: true, mode: 'list', value: String(SEED.alice.chatAssistantId) },
	customerIdentifier: 'crm-contact-42',
	message: 'Haben Sie morgen geöffnet?',
	variables: {},
	...over,
});

/** Where version 1 sends AI Reply → Generate. */
const REPLY = '/api/ai/generate-reply';

describe('AI Reply → Generate', () => {
	it('posts assistant_id as a number, the identifier, the message and the variables; returns the reply', async () => {
		const result = await kit().run(
			generate({
				variables: {
					variable: [
						{ name: 'customer_name', value: 'Ada' },
						{ name: 'plan', value: 'pro' },
					],
				},
			}),
		);
		const request = await kit().expectSentOnce(result, `POST ${REPLY}`, { query: {}, status: 200 });
		expect(request.body).toStrictEqual({
			assistant_id: SEED.alice.chatAssistantId,
			customer_identifier: 'crm-contact-42',
			message: 'Haben Sie morgen geöffnet?',
			variables: { customer_name: 'Ada', plan: 'pro' },
		});
		const output = jsonOf(result);
		expect(output).toHaveLength(1);
		expect(output[0]).toMatchObject({
			success: true,
			customer_identifier: 'crm-contact-42',
			function_calls: [],
			ai_disabled: false,
		});
		expect(output[0].reply).toContain('Haben Sie morgen geöffnet?');
		expect(output[0].reply).toContain('customer_name=Ada');
		expect(typeof output[0].conversation_id).toBe('string');
		expect(result.output[0].pairedItem).toEqual({ item: 0 });
	});

	it('sends no variables key without variables, and keeps context per customer identifier', async () => {
		const first = jsonOf(await kit().run(generate()))[0];
		const second = jsonOf(await kit().run(generate({ message: 'Und übermorgen?' })))[0];
		const other = jsonOf(await kit().run(generate({ customerIdentifier: 'crm-contact-43' })))[0];
		const bodies = (await kit().requests()).map(
			(request) => request.body as Record<string, unknown>,
		);
		expect(bodies.every((body) => !('variables' in body))).toBe(true);
		expect(second.conversation_id).toBe(first.conversation_id);
		expect(other.conversation_id).not.toBe(first.conversation_id);
		expect(second.reply).toContain('[earlier turns: 1]');
	});

	it('an assistant of another account fails with the service error code', async () => {
		const result = await kit().run(
			generate({
				assistantId: { __rl: true, mode: 'id', value: String(SEED.bob.assistantIds[0]) },
			}),
		);
		expect(result.error?.message).toContain('ASSISTANT_NOT_FOUND');
		expect(result.error?.context).toMatchObject({
			httpCode: 404,
			errorCode: 'ASSISTANT_NOT_FOUND',
		});
	});

	it('is never repeated after a failure whose outcome is unknown', async () => {
		await kit().fault({ method: 'POST', path: REPLY, kind: '500', count: 3 });
		const result = await kit().run(generate());
		expect(result.error).toBeDefined();
		expect(result.error?.message).toContain('500');
		expect(await kit().requests()).toHaveLength(1);
	});

	it('waits out a 429 and then sends the request again', async () => {
		await kit().fault({ method: 'POST', path: REPLY, kind: '429', retryAfter: 1, count: 1 });
		const result = await kit().run(generate());
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].success).toBe(true);
		expect((await kit().requests()).map((request) => request.status)).toEqual([429, 200]);
	});
});

describe('AI Reply → rate limit of the credential', () => {
	it('paces replies to the limit, so the service never answers 429', async () => {
		const tight = await startKit(
			{ rateLimits: { generateReply: { limit: 2, windowMs: 1000 } } },
			{ customRateLimits: true, generateReplyLimit: 2, generateReplyWindowSeconds: 1 },
		);
		try {
			const result = await tight.run(generate({ customerIdentifier: '={{ $json.who }}' }), {
				input: items({ who: 'a' }, { who: 'b' }, { who: 'c' }, { who: 'd' }, { who: 'e' }),
			});
			expect(result.error).toBeUndefined();
			expect(result.output).toHaveLength(5);
			const replies = await tight.requests();
			expect(replies.map((request) => request.status)).toEqual([200, 200, 200, 200, 200]);
			// At most 2 in any second of the sandbox's clock: each reply went a second or more after
			// the one two before it.
			const sentAt = replies.map((request) => request.at);
			for (let index = 2; index < sentAt.length; index++)
				expect(sentAt[index] - sentAt[index - 2]).toBeGreaterThanOrEqual(1000);
		} finally {
			await tight.stop();
		}
	});
});

describe('AI Reply → local validation (the item fails naming the field; nothing is sent)', () => {
	const cases: Array<[string, INodeParameters, string]> = [
		[
			'customer_identifier longer than 255',
			generate({ customerIdentifier: 'c'.repeat(256) }),
			'customer_identifier',
		],
		[
			'customer_identifier empty',
			generate({ customerIdentifier: '={{ "" }}' }),
			'customer_identifier',
		],
		['message empty', generate({ message: '={{ " " }}' }), 'message'],
		[
			'assistant ID not an ID',
			generate({ assistantId: { __rl: true, mode: 'id', value: '={{ "first" }}' } }),
			'assistant_id',
		],
		[
			'variable without a name',
			generate({ variables: { variable: [{ name: ' ', value: 'x' }] } }),
			'variables',
		],
	];

	it.each(cases)('%s', async (_title, parameters, field) => {
		await kit().expectFailedBeforeSending(await kit().run(parameters), field);
	});

	it('exactly 255 characters are accepted', async () => {
		const result = await kit().run(generate({ customerIdentifier: 'c'.repeat(255) }));
		expect(result.error).toBeUndefined();
		expect(await kit().requests()).toHaveLength(1);
	});

	it('counts characters, not UTF-16 units: 255 emoji are accepted, 256 are not', async () => {
		const accepted = await kit().run(generate({ customerIdentifier: '📞'.repeat(255) }));
		expect(accepted.error).toBeUndefined();
		expect(await kit().requests()).toHaveLength(1);
		await kit().clearRequests();
		const refused = await kit().run(generate({ customerIdentifier: '📞'.repeat(256) }));
		expect(refused.error?.message).toMatch(
			/customer_identifier\) must be at most 255 characters, got 256/,
		);
		expect(await kit().requests()).toHaveLength(0);
	});
});

describe('AI Reply → Continue On Fail', () => {
	it('returns the error on the failed items and goes on with the rest', async () => {
		const result = await kit().run(
			generate({ customerIdentifier: '={{ $json.who }}', message: '={{ $json.text }}' }),
			{
				continueOnFail: true,
				input: items(
					{ who: 'good-1', text: 'Hallo' },
					{ who: 'x'.repeat(300), text: 'Hallo' },
					{ who: 'good-2', text: '' },
					{ who: 'good-3', text: 'Tschüss' },
				),
			},
		);
		expect(result.error).toBeUndefined();
		const output = jsonOf(result);
		expect(output).toHaveLength(4);
		expectPairedWith(result, [0, 1, 2, 3]);
		expect(output[0]).toMatchObject({ success: true, customer_identifier: 'good-1' });
		expect(output[1].error).toContain('customer_identifier');
		expect(output[2].error).toContain('message');
		expect(output[3]).toMatchObject({ success: true, customer_identifier: 'good-3' });
		expect(
			(await kit().requests()).map(
				(request) => (request.body as Record<string, unknown>).customer_identifier,
			),
		).toEqual(['good-1', 'good-3']);
	});
});

describe('AI Reply → the API token stays secret', () => {
	const runs: Array<[string, INodeParameters, boolean]> = [
		['success', generate(), false],
		['local failure', generate({ message: '={{ "" }}' }), false],
		['local failure, Continue On Fail', generate({ message: '={{ "" }}' }), true],
		['service failure', generate({ assistantId: { __rl: true, mode: 'id', value: '201' } }), false],
		[
			'service failure, Continue On Fail',
			generate({ assistantId: { __rl: true, mode: 'id', value: '201' } }),
			true,
		],
	];

	it.each(runs)('%s', async (_title, parameters, continueOnFail) => {
		const text = visibleText(await kit().run(parameters, { continueOnFail }));
		expect(text.length).toBeGreaterThan(10);
		expect(text).not.toContain(kit().sandbox.tokens.alice);
	});
});
