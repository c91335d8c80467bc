import { kit } from './setup';
import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import { locator, type RunOptions } from '../kit';
import { actionNodeDescription } from '../../../harness/engine';

export const ALICE = SEED.alice;

export async function run(
	operation: string,
	parameters: IDataObject = {},
	options: RunOptions = {},
) {
	return await kit().run(
		{
			resource: 'assistant',
			operation,
			assistantId: locator(ALICE.chatAssistantId),
			...parameters,
		} as never,
		{ typeVersion: 2, ...options },
	);
}

/**
 * Gives the assistant a post-call webhook through the API, outside the request log, so a test can
 * show that switching another webhook leaves it alone.
 */
export async function withPostCallWebhook(id: number): Promise<void> {
	await kit().api('PUT', `/api/user/assistant/${id}`, {
		is_webhook_active: true,
		webhook_url: 'https://example.com/post-call',
	});
	await kit().clearRequests();
}

/** The conversation-ended URL stored for alice's chat assistant. */
export async function storedConversationEndedUrl(): Promise<unknown> {
	return (await stored(ALICE.chatAssistantId)).conversation_ended_webhook_url;
}

/** The stored assistant, with the fields the API does not list. */
export async function stored(id: number): Promise<IDataObject> {
	return await kit().control<IDataObject>('GET', `/state/assistants/${id}`);
}

export function operationNames(version: number): string[] {
	const property = actionNodeDescription(version).properties.find(
		(p: INodeProperties) =>
			p.name === 'operation' && p.displayOptions?.show?.resource?.includes('assistant'),
	);
	return ((property?.options ?? []) as INodePropertyOptions[]).map((option) => option.name);
}
