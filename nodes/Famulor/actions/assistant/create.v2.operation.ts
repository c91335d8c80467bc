import { unwrapRecord } from '../../../shared/transport';
import { ASSISTANT_V2 } from './version2';
import { variant } from './create.operation';

/**
 * Version 2 of Assistant → Create reads the current API's fields and outputs the new assistant's
 * record; the request is version 1's.
 */
export const { description, effect, prepare, execute } = variant({
	reads: ASSISTANT_V2,
	outputs: unwrapRecord,
});
