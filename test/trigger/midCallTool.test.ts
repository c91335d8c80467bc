/**
 * The Mid-Call Tool event through n8n-core's hook and webhook contexts against the sandbox: publishing
 * creates the tool and adds it to the assistants without dropping their tools (also when another writer
 * raced in), unpublishing and a failed publish leave nothing behind, requests without the secret start
 * nothing, the parameters come as fields from a JSON body or a query string, the workflow's answer
 * reaches the call, and a repeated question starts a second execution.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookPathTakenError, type IDataObject } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { MAX_TOOL_LIST_WRITES } from '../../nodes/FamulorTrigger/midCallTool/assistantTools';
import { TOOL_SECRET_HEADER } from '../../nodes/FamulorTrigger/midCallTool/toolSettings';
import { startTriggerKit, type TriggerKit, type TriggerUnderTest } from './triggerKit';
import { useSuiteFixture } from '../helpers/suite';
import { UNPACED_GENERAL_LIMIT } from '../../harness/credentials';

const INBOUND = SEED.alice.inboundAssistantId; // 101, tools 31 and 33
const OUTBOUND = SEED.alice.outboundAssistantId; // 102, tool 32
const SEEDED_TOOLS = [31, 32, 33];

const kit = useSuiteFixture<TriggerKit>({
	start: async () => await startTriggerKit(),
	beforeEach: async (k) => {
		await k.reset();
		// Publishing reads and writes a few times per assistant: not paced to the general limit here (off in the sandbox).
		Object.assign(k.credentials, UNPACED_GENERAL_LIMIT, { baseUrl: k.sb.url });
	},
	stop: async (k) => await k.stop(),
});

const TOOL = {
	event: 'midCallTool',
	toolAssistantIds: [INBOUND, OUTBOUND],
	toolName: 'get_order_status',
	toolDescription: 'Looks up an order when the caller asks where it is',
	toolParameters: {
		parameter: [
			{ name: 'order_number', type: 'string', description: 'The order number' },
			{ name: 'quantity', type: 'number', description: 'How many items' },
			{ name: 'express', type: 'boolean', description: 'Whether it ships express' },
		],
	},
	toolTimeout: 5,
	responseMode: 'lastNode',
};

function toolTrigger(extra: IDataObject = {}): TriggerUnderTest {
	return kit().trigger({ ...TOOL, ...extra }, { typeVersion: 1.2 });
}

async function toolIds(assistantId: number): Promise<number[]> {
	return (await kit().assistant(assistantId)).tool_ids as number[];
}

async function tools(): Promise<IDataObject[]> {
	return (await kit().api('GET', '/api/user/tools')).json as IDataObject[];
}

async function publishedTool(): Promise<IDataObject> {
	const created = (await tools()).find((tool) => !SEEDED_TOOLS.includes(tool.id as number));
	if (!created) throw new Error('no tool was published');
	return created;
}

const secretHeader = (tool: IDataObject) =>
	(tool.headers as Array<{ name: string; value: string }>).find(
		(header) => header.name === TOOL_SECRET_HEADER,
	)?.value as string;

/** An inbound call of the assistant in progress. */
async function callInProgress(assistantId = INBOUND): Promise<number> {
	const answer = await kit().ctl('POST', '/calls/incoming', {
		assistant_id: assistantId,
		customer_phone: '+4917612345678',
	});
	return answer.call.id as number;
}

describe('Mid-Call Tool: publishing', () => {
	it('creates the tool calling the production URL with a secret header and adds it to each assistant, keeping their tools', async () => {
		const t = toolTrigger();
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
		expect(await toolIds(INBOUND)).toEqual([31, 33, tool.id]);
		expect(await toolIds(OUTBOUND)).toEqual([32, tool.id]);
		expect(await t.lifecycle('checkExists')).toBe(true);

		expect(await t.lifecycle('delete')).toBe(true);
		expect((await tools()).map((entry) => entry.id)).toEqual(SEEDED_TOOLS);
		expect(await toolIds(INBOUND)).toEqual([31, 33]);
		expect(await toolIds(OUTBOUND)).toEqual([32]);
	});

	it('mints a new secret per activation, and checkExists turns false when the tool lost its place on an assistant', async () => {
		const t = toolTrigger();
		await t.lifecycle('create');
		const first = secretHeader(await publishedTool());
		await kit().api('PUT', `/api/user/assistant/${OUTBOUND}`, { tool_ids: [] });
		expect(await t.lifecycle('checkExists')).toBe(false);
		await t.lifecycle('create');
		const again = await publishedTool();
		expect(secretHeader(again)).not.toBe(first);
		expect(await toolIds(OUTBOUND)).toEqual([again.id]);
		expect(await toolIds(INBOUND)).toEqual([31, 33, again.id]);
		expect((await tools()).length).toBe(SEEDED_TOOLS.length + 1);
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
		expect((await kit().requests()).filter((r) => r.method !== 'GET')).toEqual([]);
	});

	it('a publish that fails half-way removes the tool it made: nothing is left behind', async () => {
		await kit().ctl('POST', '/faults', {
			method: 'PUT',
			path: `/api/user/assistant/${OUTBOUND}`,
			count: 20,
			kind: 500,
		});
		const t = toolTrigger();
		await expect(t.lifecycle('create')).rejects.toThrow(
			/Adding mid-call tool #\d+ to assistant #102 failed: Famulor answered 500/,
		);
		expect((await tools()).map((entry) => entry.id)).toEqual(SEEDED_TOOLS);
		expect(await toolIds(INBOUND)).toEqual([31, 33]);
		expect(await toolIds(OUTBOUND)).toEqual([32]);
		expect(t.nodeStaticData().toolRegistration).toBeUndefined();
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

/**
 * A proxy in front of the sandbox standing in for another writer: after each of the trigger's writes of
 * an assistant's tool list (before answering it), it writes `theirs` to the same assistant.
 */
async function racingProxy(
	target: string,
	token: string,
	theirs: number[],
	times: number,
): Promise<{ url: string; raced: number; close(): Promise<void> }> {
	const state = { raced: 0 };
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			void (async () => {
				const headers = { ...req.headers } as Record<string, string>;
				delete headers.host;
				delete headers['content-length'];
				const answer = await fetch(`${target}${req.url}`, {
					method: req.method,
					headers,
					body: ['GET', 'HEAD'].includes(req.method ?? '') ? undefined : Buffer.concat(chunks),
				});
				const text = await answer.text();
				if (
					req.method === 'PUT' &&
					req.url?.startsWith('/api/user/assistant/') &&
					state.raced < times
				) {
					state.raced++;
					await fetch(`${target}${req.url}`, {
						method: 'PUT',
						headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
						body: JSON.stringify({ tool_ids: theirs }),
					});
				}
				res.writeHead(answer.status, { 'content-type': 'application/json' });
				res.end(text);
			})();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		get raced() {
			return state.raced;
		},
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

describe('Mid-Call Tool: another change races in', () => {
	it('a list written after ours without our tool: ours is added to theirs, their tools stay', async () => {
		const proxy = await racingProxy(kit().sb.url, kit().sb.tokens.alice, [31, 32], 1);
		try {
			const t = toolTrigger({ toolAssistantIds: [INBOUND] });
			Object.assign(kit().credentials, { baseUrl: proxy.url });
			await t.lifecycle('create');
			const tool = await publishedTool();
			expect(proxy.raced).toBe(1);
			expect(await toolIds(INBOUND)).toEqual([31, 32, tool.id]);
			const writes = (await kit().requests()).filter((r) => r.method === 'PUT');
			expect(writes.map((w) => w.body)).toEqual([
				{ tool_ids: [31, 33, tool.id] },
				{ tool_ids: [31, 32] },
				{ tool_ids: [31, 32, tool.id] },
			]);
		} finally {
			await proxy.close();
		}
	});

	it(`a list that keeps being replaced: after ${MAX_TOOL_LIST_WRITES} writes the publish fails and removes the tool`, async () => {
		const proxy = await racingProxy(kit().sb.url, kit().sb.tokens.alice, [31], 100);
		try {
			const t = toolTrigger({ toolAssistantIds: [INBOUND] });
			Object.assign(kit().credentials, { baseUrl: proxy.url });
			await expect(t.lifecycle('create')).rejects.toThrow(
				/mid-call tools of assistant "Support Hotline" \(#101\) kept changing/,
			);
			expect((await tools()).map((entry) => entry.id)).toEqual(SEEDED_TOOLS);
		} finally {
			await proxy.close();
		}
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
