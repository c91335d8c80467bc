import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { useDrivenKit } from '../kit';

export const kit = useDrivenKit();

export const REQUIRED = {
	assistantName: 'Reminder Bot',
	voiceId: 1001,
	language: 'German',
	llmModel: 'gpt-4o',
	callsDirection: 'make',
	engineType: 'pipeline',
	timezone: 'Europe/Berlin',
	initialMessage: 'Hallo!',
	systemPrompt: 'You remind customers of appointments.',
};

export const REQUIRED_BODY = {
	assistant_name: 'Reminder Bot',
	voice_id: 1001,
	language: 'German',
	llm_model: 'gpt-4o',
	calls_direction: 'make',
	engine_type: 'pipeline',
	timezone: 'Europe/Berlin',
	initial_message: 'Hallo!',
	system_prompt: 'You remind customers of appointments.',
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

export const update = (
	updateFields: INodeParameters,
	assistantId: INodeParameters = { __rl: true, mode: 'id', value: '101' },
): INodeParameters => ({
	resource: 'assistant',
	operation: 'update',
	assistantId,
	updateFields,
});

export async function assistantRecord(id: number): Promise<IDataObject> {
	const { json } = await kit().api('GET', '/api/user/assistants/get?per_page=100');
	return (json.data as IDataObject[]).find((record) => record.id === id)!;
}
