/**
 * The option assistantToolIds (sandbox/model/beyondDocs.ts): off, the assistants list answers as the
 * docs show it, without `tool_ids`; on, the list reports each assistant's mid-call tool IDs. Either
 * way an update's `tool_ids` replaces the stored list and deleting a tool takes it off every assistant.
 */
import { type Client, useSandbox } from './helpers';

async function listedToolIds(c: Client, id: number): Promise<unknown> {
	const { json } = await c.get('/api/user/assistants/get?per_page=100');
	return (json.data as Array<{ id: number; tool_ids?: unknown }>).find((a) => a.id === id)
		?.tool_ids;
}

async function storedToolIds(c: Client, id: number): Promise<unknown> {
	return (await c.ctl('GET', `/state/assistants/${id}`)).json.tool_ids;
}

describe.each([
	['off (as documented)', [] as const, false],
	['on', ['assistantToolIds'] as const, true],
])('option assistantToolIds %s', (_label, beyondDocs, reported) => {
	const c = useSandbox({ beyondDocs }, { reset: false });

	it('the list carries tool_ids only with the option; updates replace the list; a deleted tool leaves every assistant', async () => {
		expect(await listedToolIds(c, 101)).toEqual(reported ? [31, 33] : undefined);
		expect((await c.put('/api/user/assistant/101', { tool_ids: [32, 33] })).status).toBe(200);
		expect(await storedToolIds(c, 101)).toEqual([32, 33]);
		expect(await listedToolIds(c, 101)).toEqual(reported ? [32, 33] : undefined);
		expect((await c.req('DELETE', '/api/user/tools/32')).status).toBe(200);
		expect(await storedToolIds(c, 101)).toEqual([33]);
		expect(await storedToolIds(c, 102)).toEqual([]);
		expect(await listedToolIds(c, 102)).toEqual(reported ? [] : undefined);
	});
});
