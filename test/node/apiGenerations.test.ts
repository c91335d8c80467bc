import type { INodeParameters } from 'n8n-workflow';

import { CURRENT_ONLY_FIELDS } from '../../sandbox/domain/assistants/apiGenerations';
import { locator, only, useDrivenKit } from './kit';

// The sandbox accepts only the seed specification's generation here: version 1 must keep working against it.
const kit = useDrivenKit({
	api: 'seed',
	rateLimits: { generateReply: { limit: 1000, windowMs: 60_000 } },
});

describe('version 1 speaks the seed specification (the API docs of February 2026) only (sandbox in seed mode)', () => {
	it('creates an assistant with the seed names and none of the current ones', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'create',
			assistantName: 'Seed Bot',
			voiceId: 1001,
			language: 'German',
			llmModel: 'gpt-4o',
			callsDirection: 'make',
			engineType: 'pipeline',
			timezone: 'Europe/Berlin',
			initialMessage: 'Hallo!',
			systemPrompt: 'Be brief.',
			additionalFields: { recordCall: true, maxCallDuration: 300, fillerAudios: true },
		});
		expect(result.error).toBeUndefined();
		const body = only(await kit().requests()).body as Record<string, unknown>;
		expect(body).toMatchObject({
			assistant_name: 'Seed Bot',
			record_call: true,
			max_call_duration: 300,
			filler_audios: true,
		});
		expect(
			Object.keys(body).filter((field) =>
				(CURRENT_ONLY_FIELDS as readonly string[]).includes(field),
			),
		).toEqual([]);
	});
	it('posts generate-reply to /api/ai/generate-reply and lists SMS numbers at /user/phone-numbers', async () => {
		const reply = await kit().run({
			resource: 'aiReply',
			operation: 'generate',
			assistantId: locator(104),
			customerIdentifier: 'c-1',
			message: 'Hi',
			variables: {},
		});
		expect(reply.error).toBeUndefined();
		const sms = await kit().run({
			resource: 'phoneNumber',
			operation: 'getAllSmsCapable',
			returnAll: true,
		});
		expect(sms.error).toBeUndefined();
		expect((await kit().requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /api/ai/generate-reply 200',
			'GET /user/phone-numbers 200',
		]);
	});
	it('version 2 on the same operations uses the current paths, which this sandbox does not serve', async () => {
		const parameters: INodeParameters = {
			resource: 'phoneNumber',
			operation: 'getAllSmsCapable',
			returnAll: true,
		};
		const result = await kit().run(parameters, { typeVersion: 2 });
		expect(result.error).toBeDefined();
		expect(only(await kit().requests())).toMatchObject({
			path: '/api/user/phone-numbers',
			status: 404,
		});
	});
});
