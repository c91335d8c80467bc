import { SEED } from '../../../sandbox';
import { locator, useKit, type RunOptions } from '../kit';

export const KB = SEED.alice.knowledgeBaseId;

export const kit = useKit();

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
