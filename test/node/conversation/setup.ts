import type { INodeParameters } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import { useDrivenKit, v2Run, v2Search } from '../kit';

export const kit = useDrivenKit();

export const list = (
	over: INodeParameters = {},
	filters: INodeParameters = {},
): INodeParameters => ({
	resource: 'conversation',
	operation: 'getAll',
	returnAll: false,
	limit: 50,
	...over,
	filters,
});

export const ALICE = SEED.alice;

/** These operations exist in version 2 of the node only. */
export const run = v2Run(kit);
export const load = v2Search(kit);
