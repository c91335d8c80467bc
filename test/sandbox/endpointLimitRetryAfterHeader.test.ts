/**
 * The option `endpointLimitRetryAfterHeader`: a 429 of an endpoint's own limit carries `Retry-After`
 * beside the documented body. By default it does not (generateReply.test.ts).
 */
import { expectAnswer, useSandbox } from './helpers';

const c = useSandbox({ beyondDocs: ['endpointLimitRetryAfterHeader'] }, { reset: false });

it("generate-reply's 429 carries Retry-After with the body's seconds", async () => {
	const reply = (message: string) =>
		c.post('/api/user/ai/generate-reply', {
			assistant_id: 102,
			customer_identifier: 'rl',
			message,
		});
	for (let i = 0; i < 5; i++) expect((await reply(`m${i}`)).status).toBe(200);
	const refused = await reply('m6');
	expectAnswer(refused, 429, { message: 'Too Many Attempts.', retry_after: 60 });
	expect(refused.headers.get('retry-after')).toBe('60');
});
