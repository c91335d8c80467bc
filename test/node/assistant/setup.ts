import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { useDrivenKit } from '../kit';

export const kit = useDrivenKit();

export { createV1 as create, REQUIRED_BODY } from './parameters';

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
