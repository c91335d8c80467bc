import { SEED } from '../../../sandbox';
import { useDrivenKit, v2Run, v2Search } from '../kit';

export const ALICE = SEED.alice;

export const kit = useDrivenKit();

/** These operations exist in version 2 of the node only. */
export const run = v2Run(kit);
export const load = v2Search(kit);
