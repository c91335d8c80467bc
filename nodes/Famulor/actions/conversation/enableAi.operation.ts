import { aiSwitchOperation } from './aiSwitch';

/** Hand back to the AI: it replies again to new messages (not to those that came in while it was off). */
export const { description, prepare, execute } = aiSwitchOperation(
	'enableAi',
	'enable-ai',
	'The conversation whose AI replies again',
);
