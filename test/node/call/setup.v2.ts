import type { IDataObject } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import { useDrivenKit, type RunOptions } from '../kit';

export const kit = useDrivenKit({ callDurationMs: 0 });

/** A finished call of alice's, the one Get and Delete act on. */
export const CALL = SEED.alice.completedCallId;

export async function run(parameters: IDataObject, options: RunOptions = {}) {
	return await kit().run({ resource: 'call', ...parameters } as never, {
		typeVersion: 2,
		...options,
	});
}

/** Every call of alice, newest first, as the service lists them. */
export async function listedIds(query = ''): Promise<number[]> {
	const { json } = await kit().api('GET', `/api/user/calls?per_page=100${query}`);
	return (json.data as IDataObject[]).map((call) => call.id as number);
}
