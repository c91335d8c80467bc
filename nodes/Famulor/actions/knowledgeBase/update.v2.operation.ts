import { unwrapRecord } from '../../../shared/transport';
import { variant } from './update.operation';

/**
 * Version 2 of Knowledge Base → Update outputs the knowledge base's record
 * (https://docs.famulor.de/en/api-reference/knowledgebases/update); the form, the plan and the
 * request are version 1's.
 */
export const { description, prepare, execute } = variant({ outputs: unwrapRecord });
