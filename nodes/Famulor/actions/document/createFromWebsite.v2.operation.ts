import { updateDisplayOptions } from 'n8n-workflow';

import { properties, shown } from './createFromWebsite.operation';
import { waitProperties } from './waitUntilProcessed';

/**
 * Version 2 of Document → Create From Website can wait until the service has scraped and
 * processed the pages (waitUntilProcessed.ts); the plan and the request are version 1's, where
 * no
 * wait is read.
 */
export const description = updateDisplayOptions(shown, properties(waitProperties));

export { effect, execute, prepare } from './createFromWebsite.operation';
