/**
 * n8n's credential test sends its own request, built from the credential's `test.request` expression;
 * it must reach the same base URL as the node's transport for every form of Base URL the node accepts.
 */
import type { INode } from 'n8n-workflow';

import { FamulorAiApi } from '../../credentials/FamulorAiApi.credentials';
import { normalizeBaseUrl } from '../../nodes/shared/transport';
import { classifyNetworkFailure } from '../../nodes/shared/transport/network';

const node = {
	name: 'Famulor',
	type: 'test',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
} as unknown as INode;

/** Evaluates the `={{ … }}` expression as n8n does for a plain JavaScript expression with `$credentials`. */
function credentialTestBaseUrl(baseUrl: string): string {
	const expression = String(new FamulorAiApi().test.request.baseURL);
	const body = expression.replace(/^=\{\{/, '').replace(/\}\}$/, '');
	return new Function('$credentials', `return (${body});`)({ baseUrl }) as string;
}

describe('the credential test reaches the base URL the node uses', () => {
	it.each([
		'https://app.famulor.de',
		'https://app.famulor.de/',
		'https://app.famulor.de/api',
		'https://app.famulor.de/api/',
		'  https://app.famulor.de  ',
		'',
		'http://127.0.0.1:3456//',
		'http://127.0.0.1:3456/api//',
	])('%j', (baseUrl) => {
		expect(credentialTestBaseUrl(baseUrl)).toBe(normalizeBaseUrl(node, baseUrl));
	});

	it('spells out the documented refusals, since n8n shows only a rule message or the bare status text', () => {
		const rules = new FamulorAiApi().test.rules ?? [];
		const messages = Object.fromEntries(
			rules.map((rule) => [
				(rule.properties as { value: number }).value,
				(rule.properties as { message: string }).message,
			]),
		);
		expect(messages[401]).toContain('The provided API key is invalid or expired');
		expect(messages[401]).toContain('API Token');
		expect(messages[403]).toContain('does not have permission');
		expect(messages[404]).toContain('Base URL');
	});
});

describe('the credential authenticates each request itself', () => {
	it('adds the bearer token and keeps the headers the request already has', async () => {
		const options = await new FamulorAiApi().authenticate(
			{ apiToken: 'tok_123' },
			{ url: 'https://app.famulor.de/api/user/me', headers: { Accept: 'application/json' } },
		);
		expect(options.headers).toEqual({
			Accept: 'application/json',
			Authorization: 'Bearer tok_123',
		});
		expect(options.url).toBe('https://app.famulor.de/api/user/me');
	});

	it('survives the copy n8n makes of credential types, which decides Custom API Call and domain restrictions', () => {
		// n8n's LoadNodesAndCredentials spreads each credential type; a method would be lost on the prototype.
		const copied = { ...new FamulorAiApi() };
		expect(typeof copied.authenticate).toBe('function');
	});
});

describe('an unreachable Base URL', () => {
	it("is explained under the Base URL field with the node's own advice, since n8n's test shows only the network code", () => {
		const hint = new FamulorAiApi().properties.find(
			(property) => property.name === 'baseUrl',
		)?.description;
		const refused = classifyNetworkFailure({ code: 'ECONNREFUSED' }, 'http://127.0.0.1:1', 30_000);
		expect(hint).toMatch(
			/ECONNREFUSED, ENOTFOUND or ETIMEDOUT, n8n could not connect to this host/,
		);
		expect(hint).toContain(
			'Check the Base URL of the Famulor AI API credential and that the service is reachable from n8n.',
		);
		expect(refused.advice).toBe(
			'Check the Base URL of the Famulor AI API credential (now http://127.0.0.1:1) and that the service is reachable from n8n.',
		);
	});
});
