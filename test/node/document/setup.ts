import { SEED } from '../../../sandbox';
import { locator, useDrivenKit, v2Runner, type RunOptions } from '../kit';

export const KB = SEED.alice.knowledgeBaseId;

export const ALICE = SEED.alice;

export const kit = useDrivenKit();

export const runV2 = v2Runner(kit);

export async function run(
	operation: string,
	parameters: Record<string, unknown>,
	extra: RunOptions = {},
) {
	return await kit().run(
		{ resource: 'document', operation, knowledgeBaseId: locator(KB), ...parameters } as never,
		extra,
	);
}
