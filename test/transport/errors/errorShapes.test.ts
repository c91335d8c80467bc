/**
 * The service's error shapes (plain message, Laravel's message and field errors, `error`,
 * `error_code`) become one NodeApiError (errors.ts): its message, the field errors and code in its
 * context, advice where there is one, and never the token. Through n8n-core to a scripted server.
 */
import { TOKEN, failure, server, useScriptedTransport } from '../scriptedTransport';

useScriptedTransport();

describe('error shapes become one NodeApiError', () => {
	it.each([
		[
			'plain {message}',
			404,
			{ message: 'Assistant not found' },
			'Famulor API error 404: Assistant not found',
		],
		[
			'Laravel {message, errors}',
			422,
			{
				message: 'Validation failed',
				errors: {
					assistant_name: ['The assistant name field is required.'],
					voice_id: ['The selected voice id is invalid.'],
				},
			},
			'Famulor API error 422: Validation failed — assistant_name: The assistant name field is required.; voice_id: The selected voice id is invalid.',
		],
		[
			"Laravel's message that is the first field error, said once",
			422,
			{
				message: 'A lead with this phone number already exists in this campaign.',
				errors: {
					phone_number: ['A lead with this phone number already exists in this campaign.'],
				},
			},
			'Famulor API error 422: A lead with this phone number already exists in this campaign. (field: phone_number)',
		],
		[
			'Laravel with one field error said in the message and one not',
			422,
			{
				message: 'The name field is required. (and 1 more error)',
				errors: { name: ['The name field is required.'], type: ['The selected type is invalid.'] },
			},
			'Famulor API error 422: The name field is required. (and 1 more error) (field: name) — type: The selected type is invalid.',
		],
		[
			'{error}',
			404,
			{ error: 'Knowledgebase not found.' },
			'Famulor API error 404: Knowledgebase not found.',
		],
		[
			'{success:false, error, error_code}',
			403,
			{ success: false, error: 'Session expired', error_code: 'SESSION_EXPIRED' },
			'Famulor API error 403: Session expired [SESSION_EXPIRED]',
		],
	])('%s', async (_shape, status, body, message) => {
		server.enqueue({ status, body });
		const error = await failure({ method: 'GET', path: '/api/user/assistants/get' });
		expect(error.message).toBe(message);
		expect(error.context.httpCode).toBe(status);
	});

	it('keeps error_code and field errors in the error context', async () => {
		server.enqueue({
			status: 422,
			body: {
				message: 'The given data was invalid.',
				errors: { webhook_url: ['The webhook url must be a valid URL.'] },
			},
		});
		const error = await failure({
			method: 'POST',
			path: '/api/user/assistants/enable-inbound-webhook',
			body: { assistant_id: 1, webhook_url: 'x' },
		});
		expect(error.context.fieldErrors).toEqual({
			webhook_url: ['The webhook url must be a valid URL.'],
		});
		expect(error.context.errorCode).toBeNull();
	});

	it('gives advice for SESSION_EXPIRED: send a template instead', async () => {
		server.enqueue({
			status: 403,
			body: { success: false, error: 'Session expired', error_code: 'SESSION_EXPIRED' },
		});
		const error = await failure({
			method: 'POST',
			path: '/api/user/whatsapp/send-freeform',
			body: {},
		});
		expect(error.description).toMatch(/template/i);
	});

	it('401 reads "invalid or missing API token" and never echoes the token', async () => {
		server.enqueue({ status: 401, body: { message: `Unauthenticated. token ${TOKEN}` } });
		const error = await failure({ method: 'GET', path: '/api/user/assistants/languages' });
		expect(error.message).toMatch(/invalid or missing API token/);
		expect(
			JSON.stringify({
				message: error.message,
				description: error.description,
				context: error.context,
			}),
		).not.toContain(TOKEN);
	});
});
