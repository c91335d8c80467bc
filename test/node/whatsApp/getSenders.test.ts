import { kit, run } from './setup';
import { jsonOf, only, describeTokenNeverShown } from '../kit';

describe('WhatsApp → Get Many Senders / Get Many Templates', () => {
	it('lists online senders by default and all with Status All; Limit slices the whole list', async () => {
		const online = await run({ resource: 'whatsApp', operation: 'getSenders', returnAll: true });
		expect(jsonOf(online).map((sender) => sender.id)).toEqual([71]);
		expect(only(await kit().requests()).query).toEqual({ status: 'online' });
		await kit().clearRequests();
		const all = await run({
			resource: 'whatsApp',
			operation: 'getSenders',
			status: 'all',
			returnAll: true,
		});
		expect(jsonOf(all).map((sender) => sender.id)).toEqual([71, 72]);
		expect(all.output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		const limited = await run({
			resource: 'whatsApp',
			operation: 'getSenders',
			status: 'all',
			returnAll: false,
			limit: 1,
		});
		expect(jsonOf(limited).map((sender) => sender.id)).toEqual([71]);
	});

	it('refuses a Limit below 1 before sending', async () => {
		const result = await run({
			resource: 'whatsApp',
			operation: 'getSenders',
			returnAll: false,
			limit: 0,
		});
		await kit().expectFailedBeforeSending(result, 'limit');
	});
});

describeTokenNeverShown(kit);
