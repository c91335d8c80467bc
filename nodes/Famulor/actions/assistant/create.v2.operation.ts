import { unwrapRecord } from '../../../shared/transport';
import { ASSISTANT_V2 } from './body.v2';
import { createOperation } from './create.operation';

/**
 * Version 2 of Assistant → Create sends the current API's fields and outputs the new assistant's
 * record; the request is version 1's.
 */
export const { description, prepare, execute } = createOperation(ASSISTANT_V2, unwrapRecord);

export { effect } from './create.operation';
