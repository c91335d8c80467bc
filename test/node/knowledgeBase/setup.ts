import { SEED } from '../../../sandbox';
import { useDrivenKit, type RunOptions, v2Runner } from '../kit';

export const KB = SEED.alice.knowledgeBaseId;

export const kit = useDrivenKit();

export async function run(
	operation: string,
	parameters: Record<string, unknown>,
	extra: RunOptions = {},
) {
	return await kit().run({ resource: 'knowledgeBase', operation, ...parameters } as never, extra);
}

export const ALICE = SEED.alice;

export const runV2 = v2Runner(kit);
