import { SEED } from '../../../sandbox';
import { useKit, v2Runner } from '../kit';

export const ALICE = SEED.alice;

export const kit = useKit({ callDurationMs: 0 });

export const run = v2Runner(kit);
