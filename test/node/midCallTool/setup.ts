import type { IDataObject } from 'n8n-workflow';
import { apiGeneration, useDrivenKit, V2 } from '../kit';

// Version 2 against the sandbox in current mode.
export const kit = useDrivenKit(apiGeneration('current'));

/** Runs version 2's Mid-Call Tool → `operation` with `parameters`. */
export async function runTool(operation: string, parameters: IDataObject = {}) {
	return await kit().run({ resource: 'midCallTool', operation, ...parameters } as never, V2);
}
