import { kit, run } from './setup';
import { expectFailedBeforeSending, jsonOf, locator, only, describeTokenNeverShown } from '../kit';

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

	it("lists a sender's approved templates, or all; one item per template", async () => {
		const approved = await run({
			resource: 'whatsApp',
			operation: 'getTemplates',
			senderId: locator(71),
			returnAll: true,
		});
		expect(jsonOf(approved).map((template) => template.name)).toEqual([
			'appointment_reminder',
			'welcome_back',
			'follow_up',
		]);
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: '/api/user/whatsapp/senders/71/templates',
			query: { status: 'approved' },
		});
		const all = await run({
			resource: 'whatsApp',
			operation: 'getTemplates',
			senderId: locator(71),
			status: 'all',
			returnAll: false,
			limit: 3,
		});
		expect(jsonOf(all).map((template) => template.status)).toEqual([
			'approved',
			'approved',
			'pending',
		]);
	});

	it("maps 404 for another account's sender; with Continue On Fail as an error item", async () => {
		const result = await run(
			{ resource: 'whatsApp', operation: 'getTemplates', senderId: locator(81), returnAll: true },
			{ continueOnFail: true },
		);
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ httpCode: 404, errorCode: 'SENDER_NOT_FOUND' }),
		]);
	});

	it('refuses a Limit below 1 before sending', async () => {
		const result = await run({
			resource: 'whatsApp',
			operation: 'getSenders',
			returnAll: false,
			limit: 0,
		});
		await expectFailedBeforeSending(kit(), result, 'limit');
	});
});

describeTokenNeverShown(kit);
