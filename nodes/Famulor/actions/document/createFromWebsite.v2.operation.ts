import { updateDisplayOptions } from 'n8n-workflow';

import * as createFromWebsiteV1 from './createFromWebsite.operation';
import { waitProperties, waitingCreate } from './waitUntilProcessed';

/**
 * Version 2 of Document → Create From Website can wait until the service has scraped and processed
 * the pages (waitUntilProcessed.ts). The plan and the one request are version 1's; the wait is read
 * after the plan's checks.
 */
export const description = updateDisplayOptions(
	createFromWebsiteV1.shown,
	createFromWebsiteV1.properties(waitProperties),
);

export const { prepare, execute } = waitingCreate(createFromWebsiteV1);

export { effect } from './createFromWebsite.operation';
