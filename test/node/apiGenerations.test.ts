import { CURRENT_ONLY_FIELDS } from '../../sandbox/domain/assistants/apiGenerations';
import { createV1 } from './assistant/parameters';
import { apiGeneration, GENERATE_REPLY, only, SMS_CAPABLE_NUMBERS, useDrivenKit, V2 } from './kit';

// The sandbox accepts only the seed specification's generation here: version 1 must keep working against it.
const kit = useDrivenKit(apiGeneration('seed'));

describe('version 1 speaks the seed specification (the API docs of February 2026) only (sandbox in seed mode)', () => {
	it('creates an assistant with the seed names and none of the current ones', async () => {
		const result = await kit().run(
			createV1(
				{ assistantName: 'Seed Bot', systemPrompt: 'Be brief.' },
				{ recordCall: true, maxCallDuration: 300, fillerAudios: true },
			),
		);
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
		expect((await kit().run(GENERATE_REPLY)).error).toBeUndefined();
		const sms = await kit().run(SMS_CAPABLE_NUMBERS);
		expect(sms.error).toBeUndefined();
		expect((await kit().requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /api/ai/generate-reply 200',
			'GET /user/phone-numbers 200',
		]);
	});
	it('version 2 on the same operations uses the current paths, which this sandbox does not serve', async () => {
		const result = await kit().run(SMS_CAPABLE_NUMBERS, V2);
		expect(result.error).toBeDefined();
		expect(only(await kit().requests())).toMatchObject({
			path: '/api/user/phone-numbers',
			status: 404,
		});
	});
});
