import type { INodeParameters } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import { jsonOf, useKit, visibleText } from '../kit';

const kit = useKit();

const REQUIRED = {
	assistantName: 'Reminder Bot',
	voiceId: 1001,
	language: 'German',
	llmModel: 'gpt-4o',
	callsDirection: 'make',
	engineType: 'pipeline',
	timezone: 'Europe/Berlin',
	initialMessage: 'Hallo!',
	systemPrompt: 'You remind customers of appointments.',
};

const create = (
	over: INodeParameters = {},
	additionalFields: INodeParameters = {},
): INodeParameters => ({
	resource: 'assistant',
	operation: 'create',
	...REQUIRED,
	...over,
	additionalFields,
});

describe('Assistant → Get Many Outbound', () => {
	it('turns the bare array into one item per assistant', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'getAllOutbound',
			returnAll: true,
		});
		const requests = await kit().requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'GET',
			path: '/api/user/assistants/outbound',
			query: {},
		});
		const records = jsonOf(result);
		expect(records.length).toBeGreaterThanOrEqual(2);
		expect(
			records.every((record) => record.type === 'outbound' && typeof record.id === 'number'),
		).toBe(true);
		expect(records.map((record) => record.id)).toContain(SEED.alice.outboundAssistantId);
	});

	it('applies the Limit on the client', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'getAllOutbound',
			returnAll: false,
			limit: 1,
		});
		expect(result.output).toHaveLength(1);
		expect((await kit().requests())[0].query).toEqual({});
	});
});

describe('Assistant → the API token stays secret', () => {
	const runs: Array<[string, INodeParameters, boolean]> = [
		['success', create(), false],
		['local validation failure', create({ timezone: 'nowhere' }), false],
		['local validation failure, Continue On Fail', create({ timezone: 'nowhere' }), true],
		['service failure', create({ voiceId: 4242 }), false],
		['service failure, Continue On Fail', create({ voiceId: 4242 }), true],
		['list', { resource: 'assistant', operation: 'getAll', returnAll: true }, false],
	];

	it.each(runs)('%s', async (_title, parameters, continueOnFail) => {
		const result = await kit().run(parameters, { continueOnFail });
		const text = visibleText(result);
		expect(text.length).toBeGreaterThan(10);
		expect(text).not.toContain(kit().sandbox.tokens.alice);
	});

	it('an invalid token is not echoed either', async () => {
		const wrong = 'sbx_wrong_token_0123456789abcdef';
		for (const continueOnFail of [false, true]) {
			const result = await kit().run(
				{ resource: 'assistant', operation: 'getAllOutbound', returnAll: true },
				{ continueOnFail, credentials: { apiToken: wrong } },
			);
			const text = visibleText(result);
			expect(text).toContain('401');
			expect(text).not.toContain(wrong);
		}
	});
});
