/**
 * A credential of Famulor's newer platform (host app.famulor.io, paths under /api/v1, keys fam_…)
 * fails the credential test and every request with one sentence naming the difference; nothing is
 * sent. The credential test in a real n8n: test/e2e/trigger.test.ts.
 */
import { FamulorAiApi } from '../../credentials/FamulorAiApi.credentials';
import {
	NEWER_PLATFORM_HOST_MESSAGE,
	NEWER_PLATFORM_KEY_MESSAGE,
	newerPlatformProblem,
} from '../../nodes/shared/transport/newerPlatform';
import { useKit } from '../node/kit';

const kit = useKit();
const NEWER_KEY = 'fam_live_3f9a1c2b7d4e5f60718293a4b5c6d7e8';

describe('which credentials belong to the newer platform', () => {
	it.each([
		['https://app.famulor.io', 'tok', NEWER_PLATFORM_HOST_MESSAGE],
		['https://app.famulor.io/api/v1', 'tok', NEWER_PLATFORM_HOST_MESSAGE],
		['https://APP.FAMULOR.IO/', 'tok', NEWER_PLATFORM_HOST_MESSAGE],
		['https://calls.example.com/api/v1/', 'tok', NEWER_PLATFORM_HOST_MESSAGE],
		['https://app.famulor.de', NEWER_KEY, NEWER_PLATFORM_KEY_MESSAGE],
		['', ` ${NEWER_KEY}`, NEWER_PLATFORM_KEY_MESSAGE],
		['https://app.famulor.de', 'tok', undefined],
		['https://app.famulor.de/api', 'tok', undefined],
		['', 'tok', undefined],
		['http://127.0.0.1:3456', 'sbx_alice_token', undefined],
		['https://famulor.io.example.com', 'tok', undefined],
		['not a url', 'tok', undefined],
	])('%j with token %j', (baseUrl, token, expected) => {
		expect(newerPlatformProblem(baseUrl, token)).toBe(expected);
	});

	it('says it in one sentence, naming app.famulor.de and the newer platform', () => {
		for (const message of [NEWER_PLATFORM_HOST_MESSAGE, NEWER_PLATFORM_KEY_MESSAGE]) {
			// One sentence: a single full stop, at the end.
			expect(message.split('. ')).toHaveLength(1);
			expect(message.endsWith('.')).toBe(true);
			expect(message).toContain("this package speaks Famulor's API at app.famulor.de");
			expect(message).toContain("Famulor's newer platform");
		}
	});
});

describe('the credential test (the credential authenticates its request, before anything is sent)', () => {
	const authenticate = async (apiToken: string, baseUrl: string) =>
		await new FamulorAiApi().authenticate(
			{ apiToken, baseUrl },
			{ url: '/api/user/assistants/languages', baseURL: baseUrl },
		);

	it('fails for a fam_ key, without the key in the message', async () => {
		await expect(authenticate(NEWER_KEY, 'https://app.famulor.de')).rejects.toThrow(
			NEWER_PLATFORM_KEY_MESSAGE,
		);
	});

	it("fails for the newer platform's host", async () => {
		await expect(authenticate('tok_123', 'https://app.famulor.io')).rejects.toThrow(
			NEWER_PLATFORM_HOST_MESSAGE,
		);
	});
});

describe('a request of the node', () => {
	const listAssistants = { resource: 'assistant', operation: 'getAll', returnAll: true };

	it('with a fam_ key fails with the sentence and sends nothing', async () => {
		const result = await kit().run(listAssistants as never, {
			credentials: { apiToken: NEWER_KEY },
		});
		expect(result.error?.message).toBe(NEWER_PLATFORM_KEY_MESSAGE);
		expect(await kit().requests()).toEqual([]);
	});

	it("with the newer platform's host fails with the sentence, sending nothing (not even to that host)", async () => {
		const result = await kit().run(listAssistants as never, {
			credentials: { baseUrl: 'https://app.famulor.io/api/v1' },
		});
		expect(result.error?.message).toBe(NEWER_PLATFORM_HOST_MESSAGE);
		// Had it tried to connect, the error would be a network failure naming the host.
		expect(JSON.stringify(result.error)).not.toMatch(/ENOTFOUND|EAI_AGAIN|ECONNREFUSED/);
	});
});
