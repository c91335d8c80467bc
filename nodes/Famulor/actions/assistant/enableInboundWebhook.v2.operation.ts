import { switchOutput, webhookSwitchOperation } from './webhookSwitch';
import { spec } from './enableInboundWebhook.operation';

/** Version 2 of Assistant → Enable Inbound Webhook outputs which webhook is now on or off (`switchOutput`). */
export const { description, prepare, execute } = webhookSwitchOperation(spec, switchOutput);
