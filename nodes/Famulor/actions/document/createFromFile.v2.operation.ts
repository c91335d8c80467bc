import { updateDisplayOptions } from 'n8n-workflow';

import * as createFromFileV1 from './createFromFile.operation';
import { waitProperties, waitingCreate } from './waitUntilProcessed';

/**
 * Version 2 of Document → Create From File can wait until the service has processed the file
 * (waitUntilProcessed.ts). The plan and the one request are version 1's; the wait is read after
 * the plan's checks.
 */
export const description = updateDisplayOptions(
	createFromFileV1.shown,
	createFromFileV1.properties(waitProperties),
);

export const { prepare, execute } = waitingCreate(createFromFileV1);

export { effect } from './createFromFile.operation';
