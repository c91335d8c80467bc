import type { INodeExecutionData } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import { type NodeRunResult } from '../../../harness/engine';
import { useDrivenKit, v2Runner } from '../kit';

export const ALICE = SEED.alice;

export const E164 = /^\+[1-9]\d{6,14}$/;

export const kit = useDrivenKit();

export async function run(
	operation: string,
	parameters: Record<string, unknown> = {},
	extra: { continueOnFail?: boolean; input?: INodeExecutionData[]; apiToken?: string } = {},
) {
	return await kit().run({ resource: 'phoneNumber', operation, ...parameters } as never, {
		continueOnFail: extra.continueOnFail,
		input: extra.input,
		credentials: extra.apiToken ? { apiToken: extra.apiToken } : undefined,
	});
}

export const json = (result: NodeRunResult) => result.output.map((item) => item.json);

export const runV2 = v2Runner(kit);
