import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { conversationLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import type { OperationResult } from '../types';
import { readConversationUuid } from './uuid';

/**
 * Enable AI and Disable AI (human handover) differ only in the path's last segment
 * (https://docs.famulor.de/en/api-reference/conversations/enable-ai, …/disable-ai).
 */
export function aiSwitchOperation(
	operation: 'enableAi' | 'disableAi',
	action: 'enable-ai' | 'disable-ai',
	locatorDescription: string,
) {
	const properties: INodeProperties[] = [conversationLocator(locatorDescription)];

	return {
		description: updateDisplayOptions(
			{ show: { resource: ['conversation'], operation: [operation] } },
			properties,
		),

		prepare(this: IExecuteFunctions, itemIndex: number): { conversationId: string } {
			return { conversationId: readConversationUuid.call(this, itemIndex) };
		},

		/** Outputs `{conversation_id, status, ai_enabled}`. Switching twice is harmless, so the request may be repeated. */
		async execute(
			this: IExecuteFunctions,
			plan: { conversationId: string },
			itemIndex: number,
		): Promise<OperationResult> {
			const response = await famulorApiRequest.call(this, {
				method: 'POST',
				path: `/api/automate/conversations/${plan.conversationId}/${action}`,
				safeToRepeat: true,
				itemIndex,
			});
			return { conversation_id: plan.conversationId, ...response };
		},
	};
}
