/**
 * The Mid-Call Tool event through n8n-core's hook and webhook contexts against the sandbox as
 * documented (the assistants list does not report an assistant's mid-call tools): publishing sets each
 * assistant's tools to the ones in Other Tools to Keep plus the trigger's, and says so; unpublishing
 * deletes the tool without rewriting assistants; a failed publish leaves nothing behind and says what
 * it changed; requests without the secret start nothing, the parameters come as fields from a JSON body
 * or a query string, the workflow's answer reaches the call, and a repeated question runs twice.
 */
import { WebhookPathTakenError, type IDataObject } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { TOOL_SECRET_HEADER } from '../../nodes/FamulorTrigger/midCallTool/toolSettings';
import { getMidCallTools } from '../../nodes/FamulorTrigger/midCallTool/assistantOptions';
import { withRequestContext } from '../../harness/engine';
import type { TriggerUnderTest } from './triggerUnderTest';
import {
	INBOUND,
	OUTBOUND,
	SEEDED_TOOLS,
	secretHeader,
	TOOL,
	useMidCallToolSuite,
} from './midCallToolKit';

const { kit, toolTrigger, tools, publishedTool } = useMidCallToolSuite();

const writes = async () =>
	(await kit().requests()).filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body]);

/** An inbound call of the assistant in progress. */
async function callInProgress(assistantId = INBOUND): Promise<number> {
	const answer = await kit().ctl('POST', '/calls/incoming', {
		assistant_id: assistantId,
		customer_phone: '+4917612345678',
	});
	return answer.call.id as number;
}

describe('Mid-Call Tool: publishing where Famulor does not report the assistants’ tools', () => {
	it('sets each assistant’s tools to the ones named in Other Tools to Keep plus its own; unpublishing only deletes the tool', async () => {
		const t = toolTrigger({ toolKeep: ['calendar_booking'] });
		expect(await t.lifecycle('checkExists')).toBe(false);
		expect(await t.lifecycle('create')).toBe(true);

		const tool = await publishedTool();
		expect(tool).toMatchObject({
			name: 'get_order_status',
			description: TOOL.toolDescription,
			endpoint: t.productionUrl,
			method: 'POST',
			timeout: 5,
			schema: TOOL.toolParameters.parameter,
		});
		expect(secretHeader(tool)).toMatch(/^[0-9a-f]{48}$/);
		// 33 on the inbound and 32 on the outbound assistant were not named: they are off
		expect(await kit().storedToolIds(INBOUND)).toEqual([31, tool.id]);
		expect(await kit().storedToolIds(OUTBOUND)).toEqual([31, tool.id]);
		expect(await t.lifecycle('checkExists')).toBe(true);

		await kit().ctl('DELETE', '/requests');
		expect(await t.lifecycle('delete')).toBe(true);
		expect(await writes()).toEqual([['DELETE', `/api/user/tools/${String(tool.id)}`, null]]);
		expect((await tools()).map((entry) => entry.id)).toEqual(SEEDED_TOOLS);
		expect(await kit().storedToolIds(INBOUND)).toEqual([31]);
		expect(t.nodeStaticData().toolRegistration).toBeUndefined();
	});

	it.each([
		['names and IDs from an expression', '33, crm_integration', [33, 32]],
		['nothing named: the assistant has only the trigger’s tool', [], []],
		['a name the account does not have is not kept', ['no_such_tool', 'call_transfer'], [33]],
	] as Array<[string, string | string[], number[]]>)(
		'Other Tools to Keep: %s',
		async (_label, keep, kept) => {
			const t = toolTrigger({ toolKeep: keep, toolAssistantIds: [INBOUND] });
			await t.lifecycle('create');
			expect(await kit().storedToolIds(INBOUND)).toEqual([...kept, (await publishedTool()).id]);
		},
	);

	it('Other Tools to Keep offers the account’s mid-call tools by name, each with its ID and endpoint', async () => {
		const options = await withRequestContext(kit().credentials, async function () {
			return await getMidCallTools.call(this);
		});
		const option = (id: number, name: string) => ({
			name,
			value: name,
			description: `#${id} → https://hooks.example.com/${name}`,
		});
		expect(options).toEqual([
			option(31, 'calendar_booking'),
			option(33, 'call_transfer'),
			option(32, 'crm_integration'),
		]);
	});

	it('a changed Other Tools to Keep publishes again', async () => {
		const t = toolTrigger({ toolKeep: ['calendar_booking'], toolAssistantIds: [INBOUND] });
		await t.lifecycle('create');
		Object.assign(t.workflow.getNode(t.node.name)!.parameters, { toolKeep: ['call_transfer'] });
		expect(await t.lifecycle('checkExists')).toBe(false);
		await t.lifecycle('create');
		expect(await kit().storedToolIds(INBOUND)).toEqual([33, (await publishedTool()).id]);
	});

	it('checkExists turns false when the tool is gone from Famulor', async () => {
		const t = toolTrigger();
		await t.lifecycle('create');
		await kit().api('DELETE', `/api/user/tools/${String((await publishedTool()).id)}`);
		expect(await t.lifecycle('checkExists')).toBe(false);
	});

	it("checks the tool against the service's rules before sending anything", async () => {
		const cases: Array<[IDataObject, RegExp]> = [
			[{ toolName: 'Order-Status' }, /Name \(name\) must be lower-case letters/],
			[{ toolDescription: '' }, /Description \(description\) is required/],
			[
				{
					toolParameters: { parameter: [{ name: 'x', type: 'string', description: 'One letter' }] },
				},
				/Parameter Name \(parameter 1\) \(schema\[0\]\.name\) must be 2 to 32 letters/,
			],
			[
				{ toolParameters: { parameter: [{ name: 'city', type: 'string', description: 'ab' }] } },
				/must be 3 to 255 characters/,
			],
			[{ toolTimeout: 31 }, /Timeout \(timeout\)/],
			[{ toolAssistantIds: [] }, /"Assistant Names or IDs" is empty/],
			[
				{ toolKeep: ['Calendar-Booking'] },
				/"Other Tools to Keep" must list mid-call tool names \(lower-case letters and underscores\) or numeric tool IDs, got "Calendar-Booking"/,
			],
		];
		for (const [change, message] of cases)
			await expect(toolTrigger(change).lifecycle('create')).rejects.toThrow(message);
		expect(await kit().requests()).toEqual([]);
	});

	it('an assistant not in the account stops publishing before anything is created', async () => {
		await expect(
			toolTrigger({ toolAssistantIds: [INBOUND, SEED.bob.outboundAssistantId] }).lifecycle(
				'create',
			),
		).rejects.toThrow(/Assistant #201 was not found in this Famulor account/);
		expect(await writes()).toEqual([]);
	});

	it('"Test this trigger" while the workflow is published is refused at once as a conflict (n8n does not try it again), changing nothing', async () => {
		const production = toolTrigger();
		await production.lifecycle('create');
		const published = await publishedTool();
		const editor = toolTrigger();
		editor.useTestUrl();
		const error = await editor.lifecycle('create', 'manual', 'manual').then(
			() => undefined,
			(e: unknown) => e as Error,
		);
		expect(error).toBeInstanceOf(WebhookPathTakenError);
		expect(error?.message).toMatch(
			/^This workflow is published, so assistant .* has its tool ".*" already: unpublish the workflow to test this trigger, then publish it again afterwards$/,
		);
		expect(await publishedTool()).toEqual(published);
	});

	it('in "Test this trigger" the tool calls the test URL, and stopping removes it', async () => {
		const t = toolTrigger();
		t.useTestUrl();
		await t.lifecycle('create', 'manual');
		expect((await publishedTool()).endpoint).toBe(t.testUrl);
		await t.lifecycle('delete', 'manual');
		expect((await tools()).map((entry) => entry.id)).toEqual(SEEDED_TOOLS);
	});
});

describe('Mid-Call Tool: requests', () => {
	async function published(): Promise<{ t: TriggerUnderTest; secret: string }> {
		const t = toolTrigger();
		await t.lifecycle('create');
		return { t, secret: secretHeader(await publishedTool()) };
	}

	it('refuses a request without the secret or with another one (401) and starts nothing', async () => {
		const { t } = await published();
		expect(await kit().post(t.productionUrl, { order_number: 'A-1' })).toBe(401);
		expect(
			await kit().post(
				t.productionUrl,
				{ order_number: 'A-1' },
				{ [TOOL_SECRET_HEADER]: 'f'.repeat(48) },
			),
		).toBe(401);
		expect(kit().deliveries.every((d) => d.emitted.length === 0)).toBe(true);
	});

	it('takes the parameters as fields from a JSON body or a query string alike, typed as declared', async () => {
		const { t, secret } = await published();
		const headers = { [TOOL_SECRET_HEADER]: secret };
		await kit().post(t.productionUrl, { order_number: 'A-1', quantity: 2, express: true }, headers);
		await kit().post(`${t.productionUrl}?order_number=A-1&quantity=2&express=true`, '', headers);
		const [fromBody, fromQuery] = kit().deliveries.map((d) => d.emitted);
		expect(fromBody).toEqual([{ order_number: 'A-1', quantity: 2, express: true }]);
		expect(fromQuery).toEqual(fromBody);
	});

	it('puts the call context a request carries under _call, never over a parameter', async () => {
		const { t, secret } = await published();
		await kit().post(
			t.productionUrl,
			{ order_number: 'A-1', call_id: 480400, customer_phone: '+4917612345678' },
			{ [TOOL_SECRET_HEADER]: secret },
		);
		expect(kit().deliveries[0].emitted).toEqual([
			{ order_number: 'A-1', _call: { call_id: 480400, customer_phone: '+4917612345678' } },
		]);
	});

	it("a sandbox call invokes the tool and the assistant speaks the workflow's answer", async () => {
		await published();
		kit().workflow = (item) => ({ answer: `Order ${String(item.order_number)} ships tomorrow` });
		const callId = await callInProgress();
		const invoked = await kit().ctl('POST', `/calls/${callId}/tools`, {
			tool: 'get_order_status',
			arguments: { order_number: 'A-7', quantity: 1, express: false },
		});
		expect(invoked.function_call).toMatchObject({
			name: 'get_order_status',
			status: 200,
			result: { answer: 'Order A-7 ships tomorrow' },
		});
		expect(invoked.transcript).toContain('Assistant: {"answer":"Order A-7 ships tomorrow"}');
		const record = (await kit().api('GET', `/api/user/calls/${callId}`)).json as IDataObject;
		const said = (record.transcript as Array<{ text: string }>).map((turn) => turn.text);
		expect(said).toContain('{"answer":"Order A-7 ships tomorrow"}');
	});

	it('the same question twice starts two executions (nothing is deduplicated)', async () => {
		await published();
		kit().workflow = (item) => ({ answer: `Order ${String(item.order_number)}` });
		const callId = await callInProgress();
		const ask = {
			tool: 'get_order_status',
			arguments: { order_number: 'A-7', quantity: 1, express: false },
		};
		const first = await kit().ctl('POST', `/calls/${callId}/tools`, ask);
		const second = await kit().ctl('POST', `/calls/${callId}/tools`, ask);
		expect([first.function_call.status, second.function_call.status]).toEqual([200, 200]);
		expect(kit().deliveries.filter((d) => d.emitted.length === 1)).toHaveLength(2);
		expect(second.function_call.result).toEqual({ answer: 'Order A-7' });
	});
});
