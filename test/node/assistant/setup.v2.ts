import { useDrivenKit } from '../kit';

// The sandbox accepts only the current API here: any name of the seed specification's generation is refused.
export const kit = useDrivenKit({ api: 'current' });

export { createV2 as create } from './parameters';
