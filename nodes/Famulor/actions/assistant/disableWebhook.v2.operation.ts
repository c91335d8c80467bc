import { variant } from './disableWebhook.operation';
import { switchOutput } from './webhookSwitch';

/** Version 2 of Assistant → Disable Post-Call Webhook outputs which webhook is now on or off (`switchOutput`). */
export const { description, prepare, execute } = variant({ outputs: switchOutput });
