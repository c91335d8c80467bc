/** The Mid-Call Tool's pure decisions, as tables: which tools to keep, which list to write, which tool a lost create made, and the per-assistant turns. */
import { turnsIn, type Turns } from '../../nodes/FamulorTrigger/midCallTool/assistantLock';
import {
	namedToolList,
	toolListToWrite,
} from '../../nodes/FamulorTrigger/midCallTool/assistantTools';
import { resolveKeep } from '../../nodes/FamulorTrigger/midCallTool/keepTools';
import { toolsMadeBy } from '../../nodes/FamulorTrigger/midCallTool/toolCreate';
import { TOOL_SECRET_HEADER } from '../../nodes/FamulorTrigger/midCallTool/toolSettings';

const ACCOUNT_TOOLS = [
	{ id: 31, name: 'calendar_booking' },
	{ id: 32, name: 'crm_integration' },
	{ id: 50, name: 'get_order_status' },
	{ id: 51, name: 'get_order_status' },
];

describe('resolveKeep: the account’s tools that Other Tools to Keep names', () => {
	it.each([
		[['calendar_booking'], 60, [31], []],
		[['32', 'calendar_booking'], 60, [32, 31], []],
		[['get_order_status'], 60, [50, 51], []],
		[['get_order_status'], 51, [50], []],
		[['no_such_tool', '99'], 60, [], ['no_such_tool', '99']],
		[['calendar_booking', '31'], 60, [31], []],
		[[], 60, [], []],
	])('%j (own tool #%i) → keep %j, missing %j', (entries, own, ids, missing) => {
		expect(resolveKeep(entries, ACCOUNT_TOOLS, own)).toEqual({ ids, missing });
	});
});

describe('the list to write', () => {
	it.each([
		[[31, 33], 60, [31, 33, 60]],
		[[31, 60], 60, null],
		[[], 60, [60]],
	])('reported %j + #%i → %j', (current, toolId, next) => {
		expect(toolListToWrite(current, toolId)).toEqual(next);
	});
	it.each([
		[[31, 33], 60, [31, 33, 60]],
		[[31, 60], 60, [31, 60]],
		[[], 60, [60]],
	])('named %j + #%i → %j', (keep, toolId, next) => {
		expect(namedToolList(keep, toolId)).toEqual(next);
	});
});

describe('toolsMadeBy: the tools a create with a lost answer made', () => {
	const body = { name: 'get_order_status', endpoint: 'https://n8n.example.com/webhook/a/webhook' };
	const tool = (id: number, change: object = {}, secret = 'abc') => ({
		id,
		...body,
		headers: [{ name: TOOL_SECRET_HEADER, value: secret }],
		...change,
	});
	it.each([
		['same name, endpoint and secret', [tool(70)], [70]],
		['another secret (an earlier activation)', [tool(70, {}, 'old')], []],
		['another endpoint (the test URL)', [tool(70, { endpoint: 'https://x/webhook-test/a' })], []],
		['another name', [tool(70, { name: 'check_stock' })], []],
		['two of them', [tool(70), tool(71)], [70, 71]],
	])('%s', (_label, listed, ids) => {
		expect(toolsMadeBy(listed, body, 'abc')).toEqual(ids);
	});
});

describe('withLocks: one turn at a time per key', () => {
	const tails: Turns = new Map();
	const withLocks = turnsIn(tails);

	it('runs overlapping keys one after another and different keys side by side, then holds nothing', async () => {
		const order: string[] = [];
		let release = (): void => undefined;
		const gate = new Promise<void>((resolve) => (release = resolve));
		const first = withLocks(['a#101', 'a#102'], async () => {
			order.push('first starts');
			await gate;
			order.push('first ends');
		});
		await new Promise((resolve) => setImmediate(resolve));
		expect(order).toEqual(['first starts']);
		const second = withLocks(['a#102'], async () => order.push('second'));
		const other = withLocks(['a#103'], async () => order.push('other'));
		await other;
		release();
		await Promise.all([first, second]);
		// 'other' ran while 'first' held a#102; 'second' waited for it
		expect(order).toEqual(['first starts', 'other', 'first ends', 'second']);
		expect(tails.size).toBe(0);
	});

	it('a turn that fails passes it on', async () => {
		await expect(
			withLocks(['a#101'], async () => {
				throw new Error('publish failed');
			}),
		).rejects.toThrow('publish failed');
		await expect(withLocks(['a#101'], async () => 'next')).resolves.toBe('next');
	});
});
