/**
 * The polling trigger through n8n-core's PollContext, with n8n's handling of its static data: the
 * first poll runs at activation and the state is saved after it; later polls save it only when they
 * emit (as n8n's ActiveWorkflowManager does); a restart loads what was saved last.
 */
import { PollContext } from 'n8n-core';
import type { IDataObject, INodeExecutionData, INodeParameters, Workflow } from 'n8n-workflow';

import {
	POLL_TRIGGER_NODE_TYPE,
	makeAdditionalData,
	makeNode,
	makeWorkflow,
	type TestCredentials,
} from './engine';
import { FamulorPollTrigger } from '../nodes/FamulorPollTrigger/FamulorPollTrigger.node';

export interface PollResult {
	/** The items the poll emitted (empty when it returned null). */
	items: IDataObject[];
	error?: Error & { httpCode?: string | null };
}

export interface PollHarness {
	/** Activation: the first poll, then the state saved, as publishing a workflow does. */
	activate(): Promise<PollResult>;
	/** One scheduled poll; `manual` is Fetch Test Event in the editor. */
	poll(mode?: 'trigger' | 'manual'): Promise<PollResult>;
	/** n8n restarts: the in-memory state is gone, the saved one is loaded. */
	restart(): void;
	/** The static data as n8n saved it last. */
	saved(): IDataObject;
	/** The static data the running workflow holds now. */
	live(): IDataObject;
	/** What the node remembers now (its static data's `famulorPoll`), undefined before the first poll. */
	remembered(): IDataObject | undefined;
	/** Messages the trigger logged as warnings. */
	warnings: string[];
}

const copy = (data: IDataObject): IDataObject => JSON.parse(JSON.stringify(data)) as IDataObject;

export function createPollHarness(
	parameters: INodeParameters,
	credentials: TestCredentials,
): PollHarness {
	const node = makeNode(POLL_TRIGGER_NODE_TYPE, parameters, { name: 'Famulor AI Polling Trigger' });
	const trigger = new FamulorPollTrigger();
	let saved: IDataObject = {};
	let workflow: Workflow = makeWorkflow([node], copy(saved));
	const warnings: string[] = [];
	const save = () => {
		saved = copy(workflow.staticData);
	};
	const run = async (mode: 'trigger' | 'manual'): Promise<PollResult> => {
		const additionalData = makeAdditionalData(credentials);
		const context = new PollContext(workflow, node, additionalData, mode, 'activate');
		Object.defineProperty(context, 'logger', {
			value: {
				warn: (message: string) => warnings.push(message),
				debug: () => undefined,
				info: () => undefined,
				error: () => undefined,
			},
		});
		try {
			const output = (await trigger.poll.call(context)) as INodeExecutionData[][] | null;
			return { items: (output?.[0] ?? []).map((item) => item.json) };
		} catch (error) {
			return { items: [], error: error as PollResult['error'] };
		}
	};
	return {
		warnings,
		async activate() {
			const result = await run('trigger');
			if (result.error) throw result.error;
			if (result.items.length > 0) throw new Error('the first poll emitted items');
			save();
			return result;
		},
		async poll(mode = 'trigger') {
			const result = await run(mode);
			if (mode === 'trigger' && result.items.length > 0) save();
			return result;
		},
		restart() {
			workflow = makeWorkflow([node], copy(saved));
		},
		saved: () => saved,
		live: () => workflow.staticData,
		remembered: () =>
			(workflow.staticData[`node:${node.name}`] as IDataObject | undefined)?.famulorPoll as
				IDataObject | undefined,
	};
}
