import {
	expectFailedBeforeSending,
	jsonOf,
	locator,
	only,
	useKit,
	visibleText,
	type RunOptions,
} from '../kit';

const kit = useKit();

/** These operations exist in version 2 of the node only. */
const run = async (parameters: Record<string, unknown>, options: RunOptions = {}) =>
	await kit().run(parameters as never, { typeVersion: 2, ...options });

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

describe('WhatsApp templates: the API token', () => {
	it('never appears in any output item, error message, description or context', () => {
		expect(kit().runs.length).toBeGreaterThan(0);
		for (const result of kit().runs)
			expect(visibleText(result)).not.toContain(kit().credentials.apiToken);
	});
});
