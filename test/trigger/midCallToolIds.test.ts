/**
 * The Mid-Call Tool where Famulor reports an assistant's mid-call tools (`tool_ids`, which no docs page
 * shows: sandbox option assistantToolIds). Publishing reads each list, writes it with the tool added
 * and reads it back, so every tool the assistant had stays (Other Tools to Keep is not needed), also
 * when another writer replaced the list meanwhile; unpublishing deletes the tool and rewrites nothing.
 */
import { MAX_TOOL_LIST_WRITES } from '../../nodes/FamulorTrigger/midCallTool/assistantTools';
import { INBOUND, OUTBOUND, proxy, SEEDED_TOOLS, useMidCallToolSuite } from './midCallToolKit';

const { kit, toolTrigger, tools, publishedTool } = useMidCallToolSuite(['assistantToolIds']);

const reportedToolIds = async (assistantId: number) =>
	(await kit().assistant(assistantId)).tool_ids as number[];

describe('Mid-Call Tool where Famulor reports the assistants’ tools', () => {
	it('adds the tool beside every tool each assistant has, and unpublishing only deletes it', async () => {
		const t = toolTrigger({ toolKeep: ['calendar_booking'] });
		await t.lifecycle('create');
		const tool = await publishedTool();
		expect(await reportedToolIds(INBOUND)).toEqual([31, 33, tool.id]);
		expect(await reportedToolIds(OUTBOUND)).toEqual([32, tool.id]);
		expect(await t.lifecycle('checkExists')).toBe(true);

		await kit().ctl('DELETE', '/requests');
		await t.lifecycle('delete');
		expect((await kit().requests()).filter((r) => r.method !== 'GET')).toEqual([
			expect.objectContaining({ method: 'DELETE', path: `/api/user/tools/${String(tool.id)}` }),
		]);
		expect((await tools()).map((entry) => entry.id)).toEqual(SEEDED_TOOLS);
		expect(await reportedToolIds(INBOUND)).toEqual([31, 33]);
		expect(await reportedToolIds(OUTBOUND)).toEqual([32]);
	});

	it('checkExists turns false when the tool lost its place on an assistant; publishing again restores it', async () => {
		const t = toolTrigger();
		await t.lifecycle('create');
		await kit().api('PUT', `/api/user/assistant/${OUTBOUND}`, { tool_ids: [] });
		expect(await t.lifecycle('checkExists')).toBe(false);
		await t.lifecycle('create');
		const again = await publishedTool();
		expect(await reportedToolIds(OUTBOUND)).toEqual([again.id]);
		expect(await reportedToolIds(INBOUND)).toEqual([31, 33, again.id]);
	});
});

/** After each of the trigger's writes of an assistant's list (before answering it), another writer writes `theirs`. */
async function racingProxy(theirs: number[], times: number) {
	const state = { raced: 0 };
	const { url, close } = await proxy(kit().sb.url, async ({ method, url: path }) => {
		if (method !== 'PUT' || !path.startsWith('/api/user/assistant/') || state.raced >= times)
			return;
		state.raced++;
		await kit().api('PUT', path, { tool_ids: theirs });
	});
	return { url, close, state };
}

describe('Mid-Call Tool where Famulor reports the tools: another change races in', () => {
	it('a list written after ours without our tool: ours is added to theirs, their tools stay', async () => {
		const racing = await racingProxy([31, 32], 1);
		try {
			const t = toolTrigger({ toolAssistantIds: [INBOUND] });
			Object.assign(kit().credentials, { baseUrl: racing.url });
			await t.lifecycle('create');
			const tool = await publishedTool();
			expect(racing.state.raced).toBe(1);
			expect(await reportedToolIds(INBOUND)).toEqual([31, 32, tool.id]);
			const writes = (await kit().requests()).filter((r) => r.method === 'PUT');
			expect(writes.map((w) => w.body)).toEqual([
				{ tool_ids: [31, 33, tool.id] },
				{ tool_ids: [31, 32] },
				{ tool_ids: [31, 32, tool.id] },
			]);
		} finally {
			await racing.close();
		}
	});

	it(`a list that keeps being replaced: after ${MAX_TOOL_LIST_WRITES} writes the publish fails and deletes the tool`, async () => {
		const racing = await racingProxy([31], 100);
		try {
			const t = toolTrigger({ toolAssistantIds: [INBOUND] });
			Object.assign(kit().credentials, { baseUrl: racing.url });
			await expect(t.lifecycle('create')).rejects.toThrow(
				/^The mid-call tools of assistant "Support Hotline" \(#101\) kept changing .* The half-published tool #\d+ was deleted: nothing of it is left in Famulor\.$/,
			);
			expect((await tools()).map((entry) => entry.id)).toEqual(SEEDED_TOOLS);
		} finally {
			await racing.close();
		}
	});
});
