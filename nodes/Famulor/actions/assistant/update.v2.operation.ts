import { unwrapRecord } from '../../../shared/transport';
import { ASSISTANT_V2 } from './version2';
import { variant } from './update.operation';

/**
 * Version 2 of Assistant → Update reads the current API's fields and outputs the assistant's record;
 * the request is version 1's.
 */
export const { description, prepare, execute } = variant({
	reads: ASSISTANT_V2,
	outputs: unwrapRecord,
});
