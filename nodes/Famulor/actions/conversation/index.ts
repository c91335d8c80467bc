import type { ResourceModule } from '../types';

// Placeholder until the operations of this resource land.
export const conversation: ResourceModule = { description: [], operations: {} };
