import { kit } from './setup';
import { runLoadMethod, runLoadMethodOf } from '../../../harness/engine';
import { only, locator } from '../kit';

async function load<T>(
	parameters: Record<string, unknown>,
	kind: 'listSearch' | 'resourceMapping',
	method: string,
	...args: unknown[]
): Promise<T> {
	return await runLoadMethodOf<T>({
		kind,
		method,
		credentials: kit().credentials,
		args,
		typeVersion: 2,
		parameters: parameters as never,
	});
}

describe('WhatsApp: sender picker (listSearch searchWhatsAppSenders)', () => {
	it('lists every sender of the account, offline ones marked, and filters by name', async () => {
		const all = await runLoadMethod<{ results: Array<{ name: string; value: string }> }>(
			'listSearch',
			'searchWhatsAppSenders',
			kit().credentials,
		);
		expect(all.results).toEqual([
			{ name: 'Example Support (+4915112345671)', value: '71' },
			{ name: 'Example Marketing (+4915112345672, offline)', value: '72' },
		]);
		const request = only(await kit().requests());
		expect(request).toMatchObject({
			method: 'GET',
			path: '/api/user/whatsapp/senders',
			query: { status: 'all' },
		});
		const filtered = await runLoadMethod<{ results: unknown[] }>(
			'listSearch',
			'searchWhatsAppSenders',
			kit().credentials,
			'market',
		);
		expect(filtered.results).toEqual([
			{ name: 'Example Marketing (+4915112345672, offline)', value: '72' },
		]);
	});
});

describe('WhatsApp: template picker and template variables', () => {
	const withSender = (senderId: unknown, templateId?: unknown) => ({
		resource: 'whatsApp',
		operation: 'sendTemplate',
		senderId,
		...(templateId ? { templateId } : {}),
	});

	it("lists the chosen sender's approved templates, filtered by the search text", async () => {
		const all = await load<{ results: unknown[] }>(
			withSender(locator(71, 'list')),
			'listSearch',
			'searchWhatsAppTemplates',
		);
		expect(all.results).toEqual([
			{ name: 'appointment_reminder (en, 3 variables)', value: '7101' },
			{ name: 'welcome_back (de, 0 variables)', value: '7102' },
			{ name: 'follow_up (en, 1 variable)', value: '7105' },
		]);
		expect(only(await kit().requests())).toMatchObject({
			path: '/api/user/whatsapp/senders/71/templates',
			query: { status: 'approved' },
		});
		const filtered = await load<{ results: unknown[] }>(
			withSender(locator(71)),
			'listSearch',
			'searchWhatsAppTemplates',
			'welcome',
		);
		expect(filtered.results).toEqual([{ name: 'welcome_back (de, 0 variables)', value: '7102' }]);
	});

	it('asks for the sender first when none is chosen, as the one entry of the list and as the fields notice', async () => {
		const noSender = withSender({ __rl: true, mode: 'list', value: '' }, locator(7101));
		const hint = 'Choose the Sender first: templates are listed per sender';
		await expect(load(noSender, 'listSearch', 'searchWhatsAppTemplates')).resolves.toEqual({
			results: [{ name: hint, value: '' }],
		});
		await expect(load(noSender, 'resourceMapping', 'getTemplateVariables')).resolves.toEqual({
			fields: [],
			emptyFieldsNotice: hint,
		});
		expect(await kit().requests()).toEqual([]);
	});

	it("offers the chosen template's variables as required text fields, in placeholder order", async () => {
		const mapper = await load<{ fields: unknown[] }>(
			withSender(locator(71), locator(7101)),
			'resourceMapping',
			'getTemplateVariables',
		);
		expect(mapper.fields).toEqual(
			['customer_name', 'date', 'time'].map((name, index) => ({
				id: name,
				displayName: `${name} ({{${index + 1}}})`,
				required: true,
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
				type: 'string',
			})),
		);
		const none = await load<{ fields: unknown[] }>(
			withSender(locator(71), locator(7102)),
			'resourceMapping',
			'getTemplateVariables',
		);
		expect(none.fields).toEqual([]);
		await expect(
			load(withSender(locator(71), locator(8101)), 'resourceMapping', 'getTemplateVariables'),
		).resolves.toEqual({
			fields: [],
			emptyFieldsNotice:
				'Template 8101 is not a template of sender 71: pick one from the Template list',
		});
		await expect(
			load(withSender(locator(71)), 'resourceMapping', 'getTemplateVariables'),
		).resolves.toEqual({ fields: [], emptyFieldsNotice: 'Choose the Template first' });
	});
});
