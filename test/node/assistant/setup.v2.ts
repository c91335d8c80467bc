import type { INodeParameters } from 'n8n-workflow';
import { locator, useDrivenKit } from '../kit';

// The sandbox accepts only the current API here: any name of the seed specification's generation is refused.
export const kit = useDrivenKit({ api: 'current' });

export const REQUIRED: INodeParameters = {
	name: 'Reminder Bot',
	mode: 'pipeline',
	type: 'outbound',
	languageId: locator(5, 'list'),
	voiceId: locator(1001, 'list'),
	modelId: locator(2, 'list'),
	timezone: 'Europe/Berlin',
	initialMessage: 'Hallo!',
	systemPrompt: 'You remind customers of appointments.',
};

export const create = (
	over: INodeParameters = {},
	additionalFields: INodeParameters = {},
): INodeParameters => ({
	resource: 'assistant',
	operation: 'create',
	...REQUIRED,
	...over,
	additionalFields,
});
