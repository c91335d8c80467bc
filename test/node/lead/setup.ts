import { SEED } from '../../../sandbox';
import { useDrivenKit, v2Runner } from '../kit';

export const ALICE = SEED.alice;

export const kit = useDrivenKit({ callDurationMs: 0 });

export const run = v2Runner(kit);
