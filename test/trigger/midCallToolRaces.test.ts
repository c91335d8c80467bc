/**
 * The Mid-Call Tool's publish and unpublish when things go wrong, on the sandbox as documented: two
 * publishes to one assistant in one process take turns and both tools stay (each names the other in
 * Other Tools to Keep); an unpublish racing a publish rewrites no assistant; a clean-up after a 500
 * still deletes the tool, and a tool it cannot delete is named in the message; a create whose answer
 * was lost is found again by name, endpoint and secret.
 */
// The product's turns, kept in a map this file can read once every publish is done.
jest.mock('../../nodes/FamulorTrigger/midCallTool/assistantLock', () => {
	const actual = jest.requireActual<typeof Lock>(
		'../../nodes/FamulorTrigger/midCallTool/assistantLock',
	);
	const tails: Turns = new Map();
	return { ...actual, withLocks: actual.turnsIn(tails), tails };
});

import type * as Lock from '../../nodes/FamulorTrigger/midCallTool/assistantLock';
import type { Turns } from '../../nodes/FamulorTrigger/midCallTool/assistantLock';
import {
	failWith500,
	INBOUND,
	OUTBOUND,
	proxy,
	SEEDED_TOOLS,
	useMidCallToolSuite,
} from './midCallToolKit';
import { drivingTimers, settledValue } from '../helpers/drivenClock';

const { kit, toolTrigger, tools, publishedTool } = useMidCallToolSuite();

const ORDERS = 'e2d5a9c0-0000-4000-8000-00000000000a';
const STOCK = 'e2d5a9c0-0000-4000-8000-00000000000b';

/** Two workflows' triggers on the inbound assistant, each keeping the seeded tool 31 and the other's tool. */
function twoWorkflows() {
	const orders = toolTrigger(
		{ toolAssistantIds: [INBOUND], toolKeep: ['calendar_booking', 'check_stock'] },
		ORDERS,
	);
	const stock = toolTrigger(
		{
			toolAssistantIds: [INBOUND],
			toolName: 'check_stock',
			toolKeep: ['calendar_booking', 'get_order_status'],
		},
		STOCK,
	);
	return { orders, stock };
}

const idOf = async (name: string) => (await tools()).find((tool) => tool.name === name)?.id;

describe('Mid-Call Tool: publishes and unpublishes of one assistant take turns', () => {
	it('two workflows publishing to one assistant at once: both tools end on it', async () => {
		const { orders, stock } = twoWorkflows();
		await Promise.all([orders.lifecycle('create'), stock.lifecycle('create')]);
		const both = [await idOf('get_order_status'), await idOf('check_stock')];
		expect((await kit().storedToolIds(INBOUND)).sort()).toEqual([31, ...both].sort());
		// one publish ran after the other: the second tool was created after the first one's write
		const steps = (await kit().requests())
			.filter((r) => r.method !== 'GET')
			.map((r) => `${r.method} ${r.path}`);
		expect(steps).toEqual([
			'POST /api/user/tools',
			`PUT /api/user/assistant/${INBOUND}`,
			'POST /api/user/tools',
			`PUT /api/user/assistant/${INBOUND}`,
		]);
		const { tails } = jest.requireMock<{ tails: Turns }>(
			'../../nodes/FamulorTrigger/midCallTool/assistantLock',
		);
		expect(tails.size).toBe(0);
	});

	it('an unpublish racing a publish rewrites no assistant: the new tool stays on it', async () => {
		const { orders, stock } = twoWorkflows();
		await orders.lifecycle('create');
		const ordersTool = await idOf('get_order_status');
		await kit().ctl('DELETE', '/requests');
		await Promise.all([orders.lifecycle('delete'), stock.lifecycle('create')]);
		expect(await kit().storedToolIds(INBOUND)).toEqual([31, await idOf('check_stock')]);
		expect(await idOf('get_order_status')).toBeUndefined();
		const puts = (await kit().requests()).filter((r) => r.method === 'PUT');
		expect(puts).toHaveLength(1);
		expect(puts[0].body).not.toEqual(expect.objectContaining({ tool_ids: [ordersTool] }));
	});
});

describe('Mid-Call Tool: clean-up', () => {
	it('a publish that fails half-way on a 500 still deletes its tool, and says which assistant lost its unnamed tools', async () => {
		await failWith500(kit(), 'PUT', `/api/user/assistant/${OUTBOUND}`);
		const t = toolTrigger({ toolKeep: ['calendar_booking'] });
		const { result } = await drivingTimers(() => t.lifecycle('create'));
		const error = result.status === 'rejected' ? (result.reason as Error) : undefined;
		expect(error?.message).toMatch(
			/^Adding mid-call tool #(\d+) to assistant #102 failed: Famulor answered 500 .* Famulor does not report an assistant's mid-call tools, so the tools of assistant #101 were set to the ones in "Other Tools to Keep": tools not named there are off it; add them again in Famulor if they should stay\. The half-published tool #\1 was deleted: nothing of it is left in Famulor\.$/,
		);
		expect((await tools()).map((entry) => entry.id)).toEqual(SEEDED_TOOLS);
		expect(await kit().storedToolIds(INBOUND)).toEqual([31]);
		expect(await kit().storedToolIds(OUTBOUND)).toEqual([32]);
		expect(t.nodeStaticData().toolRegistration).toBeUndefined();
	});

	it('unpublishing while assistant updates fail with 500 still deletes the tool (it updates none)', async () => {
		const t = toolTrigger();
		await t.lifecycle('create');
		await failWith500(kit(), 'PUT', '/api/user/assistant/*');
		const { result } = await drivingTimers(() => t.lifecycle('delete'));
		expect(settledValue(result)).toBe(true);
		expect((await tools()).map((entry) => entry.id)).toEqual(SEEDED_TOOLS);
	});

	it('a tool the clean-up cannot delete is named with what to do, and the next publish deletes it', async () => {
		await failWith500(kit(), 'PUT', '/api/user/assistant/*');
		await failWith500(kit(), 'DELETE', '/api/user/tools/*');
		const t = toolTrigger({ toolAssistantIds: [INBOUND] });
		const { result } = await drivingTimers(() => t.lifecycle('create'));
		expect(() => settledValue(result)).toThrow(
			/Mid-call tool #\d+ is left in Famulor \(Deleting mid-call tool #\d+ failed: Famulor answered 500 .*\): delete it in Famulor under Mid-Call Tools, which also takes it off its assistants\.$/,
		);
		const left = await publishedTool();
		await kit().ctl('DELETE', '/faults');
		await t.lifecycle('create');
		const now = await publishedTool();
		expect(now.id).not.toBe(left.id);
		expect(await kit().storedToolIds(INBOUND)).toEqual([now.id]);
	});
});

describe('Mid-Call Tool: a create whose answer is lost', () => {
	it('is found again by name, endpoint and secret and used: one tool, on the assistant', async () => {
		const lossy = await proxy(kit().sb.url, async ({ method, url }) =>
			method === 'POST' && url === '/api/user/tools' ? 'drop' : undefined,
		);
		try {
			Object.assign(kit().credentials, { baseUrl: lossy.url });
			const t = toolTrigger({ toolAssistantIds: [INBOUND] });
			await t.lifecycle('create');
			const tool = await publishedTool();
			expect((await kit().requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
			expect(await kit().storedToolIds(INBOUND)).toEqual([tool.id]);
			expect(t.nodeStaticData().toolRegistration).toMatchObject({ toolId: tool.id });
		} finally {
			await lossy.close();
		}
	});

	it('not found (the create never happened): the message says nothing is left', async () => {
		await kit().ctl('POST', '/faults', { method: 'POST', path: '/api/user/tools', kind: 'reset' });
		await expect(toolTrigger().lifecycle('create')).rejects.toThrow(
			/^Creating the mid-call tool got no usable answer \(.*outcome unknown.*\); Famulor lists no tool it made, so nothing is left behind: publish the workflow again/,
		);
		expect((await tools()).map((entry) => entry.id)).toEqual(SEEDED_TOOLS);
	});
});
