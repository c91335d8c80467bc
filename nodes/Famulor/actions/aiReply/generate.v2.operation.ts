import { variant } from './generate.operation';

/**
 * Version 2 of AI Reply → Generate sends to the moved path
 * (https://docs.famulor.de/en/api-reference/ai-replies/generate-reply); the form and the plan are
 * version 1's.
 */
export const { description, effect, prepare, execute } = variant({
	sendsTo: '/api/user/ai/generate-reply',
});
