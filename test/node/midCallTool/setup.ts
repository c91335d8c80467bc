import { useDrivenKit } from '../kit';

// Version 2 against the sandbox in current mode.
export const kit = useDrivenKit({
	api: 'current',
	rateLimits: { generateReply: { limit: 1000, windowMs: 60_000 } },
});

export const v2 = { typeVersion: 2 };
