import { updateDisplayOptions } from 'n8n-workflow';

import { properties, shown } from './createFromFile.operation';
import { waitProperties } from './waitUntilProcessed';

/**
 * Version 2 of Document → Create From File can wait until the service has processed the file
 * (waitUntilProcessed.ts); the plan and the request are version 1's, where no
 * wait is read.
 */
export const description = updateDisplayOptions(shown, properties(waitProperties));

export { effect, execute, prepare } from './createFromFile.operation';
