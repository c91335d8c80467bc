import { apiGeneration, useDrivenKit } from '../kit';

// Version 2 against the sandbox in current mode.
export const kit = useDrivenKit(apiGeneration('current'));

export { V2 as v2 } from '../kit';
