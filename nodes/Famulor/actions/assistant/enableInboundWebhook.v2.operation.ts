import { variant } from './enableInboundWebhook.operation';
import { switchOutput } from './webhookSwitch';

/** Version 2 of Assistant → Enable Inbound Webhook outputs which webhook is now on or off (`switchOutput`). */
export const { description, prepare, execute } = variant({ outputs: switchOutput });
