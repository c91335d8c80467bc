import { unwrapRecord } from '../../../shared/transport';
import { ASSISTANT_V2 } from './body.v2';
import { updateOperation } from './update.operation';

/**
 * Version 2 of Assistant → Update sends the current API's fields and outputs the assistant's record;
 * the request is version 1's.
 */
export const { description, prepare, execute } = updateOperation(ASSISTANT_V2, unwrapRecord);
