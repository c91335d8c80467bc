import { ASSISTANT_V2 } from './body.v2';
import { updateOperation } from './update.operation';

/** Version 2 of Assistant → Update sends the current API's fields; the request is version 1's. */
export const { description, prepare } = updateOperation(ASSISTANT_V2);

export { execute } from './update.operation';
