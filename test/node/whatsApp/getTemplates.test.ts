import { kit, run } from './setup';
import { jsonOf, locator, only, describeTokenNeverShown } from '../kit';

describe('WhatsApp → Get Many Senders / Get Many Templates', () => {
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
});

describeTokenNeverShown(kit);
