import { recordWithMessage } from '../records';
import { variant } from './purchase.operation';

/**
 * Version 2 of Phone Number → Purchase outputs the number's record with the service's message beside
 * it; the form, the plan and the one request are version 1's.
 */
export const { description, effect, prepare, execute } = variant({ outputs: recordWithMessage });
