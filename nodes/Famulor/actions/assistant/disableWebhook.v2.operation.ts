import { switchOutput, webhookSwitchOperation } from './webhookSwitch';
import { spec } from './disableWebhook.operation';

/** Version 2 of Assistant → Disable Post-Call Webhook outputs which webhook is now on or off (`switchOutput`). */
export const { description, prepare, execute } = webhookSwitchOperation(spec, switchOutput);
