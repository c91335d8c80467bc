import { kit } from './setup.v2';
import type { INodeParameters } from 'n8n-workflow';
import { locator, only } from '../kit';

const v2 = { typeVersion: 2 };

const update = (updateFields: INodeParameters, id = 102): INodeParameters => ({
	resource: 'assistant',
	operation: 'update',
	assistantId: locator(id),
	updateFields,
});

describe('Assistant → Update (version 2)', () => {
	it('sends only the given fields; Fields to Clear sends null and []', async () => {
		const result = await kit().run(
			update({
				name: 'Renamed',
				labelIds: [96],
				clearFields: [
					'Folder',
					'Phone Number',
					'All Mid-Call Tools',
					'Min Interrupt Words (Turns the Rule Off)',
				],
			}),
			v2,
		);
		const request = await kit().expectSentOnce(result, 'PUT /api/user/assistant/102', {
			status: 200,
		});
		expect(request.body).toStrictEqual({
			name: 'Renamed',
			label_ids: [96],
			folder_id: null,
			phone_number_id: null,
			tool_ids: [],
			min_interrupt_words: null,
		});
	});
	it('places the model by the mode given with it, and refuses a model without a mode', async () => {
		await kit().run(
			update({ mode: 'multimodal', voiceId: locator(1101), modelId: locator(22) }),
			v2,
		);
		expect(only(await kit().requests()).body).toStrictEqual({
			mode: 'multimodal',
			voice_id: 1101,
			multimodal_model_id: 22,
		});
		await kit().clearRequests();
		await kit().expectFailedBeforeSending(
			await kit().run(update({ modelId: locator(2) }), v2),
			'mode',
		);
	});
	it('refuses a field both set and cleared', async () => {
		await kit().expectFailedBeforeSending(
			await kit().run(update({ folderId: locator(92), clearFields: ['Folder'] }), v2),
			'folder_id',
		);
	});
});
