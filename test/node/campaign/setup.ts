import { SEED } from '../../../sandbox';
import { runLoadMethodOf } from '../../../harness/engine';
import { useDrivenKit, v2Runner } from '../kit';

export const ALICE = SEED.alice;

export const kit = useDrivenKit({ callDurationMs: 0 });

export const run = v2Runner(kit);

export const loadMethod = <T>(
	kind: 'listSearch' | 'loadOptions',
	method: string,
	args: unknown[] = [],
	parameters = {},
) =>
	runLoadMethodOf<T>({
		kind,
		method,
		args,
		credentials: kit().credentials,
		typeVersion: 2,
		parameters: { resource: 'lead', operation: 'create', ...parameters },
	});
