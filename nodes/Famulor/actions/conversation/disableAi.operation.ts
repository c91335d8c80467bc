import { aiSwitchOperation } from './aiSwitch';

/** Human handover: new messages of the conversation are still stored but get no AI reply until Enable AI. */
export const { description, prepare, execute } = aiSwitchOperation(
	'disableAi',
	'disable-ai',
	'The conversation whose AI stops replying (a person takes over)',
);
