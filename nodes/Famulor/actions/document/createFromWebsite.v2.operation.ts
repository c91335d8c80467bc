import { WAIT_UNTIL_PROCESSED } from './newDocument';
import { variant } from './createFromWebsite.operation';

/**
 * Version 2 of Document → Create From Website can wait until the service has scraped and processed
 * the pages (waitUntilProcessed.ts). The plan and the one request are version 1's; the wait is read
 * after the plan's checks.
 */
export const { description, effect, prepare, execute } = variant(WAIT_UNTIL_PROCESSED);
