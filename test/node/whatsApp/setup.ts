import { useDrivenKit, type RunOptions } from '../kit';

export const kit = useDrivenKit();

/** These operations exist in version 2 of the node only. */
export const run = async (parameters: Record<string, unknown>, options: RunOptions = {}) =>
	await kit().run(parameters as never, { typeVersion: 2, ...options });
