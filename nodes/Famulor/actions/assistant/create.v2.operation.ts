import { ASSISTANT_V2 } from './body.v2';
import { createOperation } from './create.operation';

/** Version 2 of Assistant → Create sends the current API's fields; the request is version 1's. */
export const { description, prepare } = createOperation(ASSISTANT_V2);

export { effect, execute } from './create.operation';
