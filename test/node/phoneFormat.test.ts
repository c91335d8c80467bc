/**
 * Phone numbers as people write them ("+49 176 12345678"): version 2 removes the separators before the
 * E.164 check in every operation that sends a number, as Lead → Create always did; version 1 keeps
 * sending exactly the E.164 number it was given and refuses anything else before sending.
 */
import type { INodeProperties } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { actionNodeDescription } from '../../harness/engine';
import { locator, only, useDrivenKit } from './kit';

const ALICE = SEED.alice;
const WRITTEN = '+49 (176) 1234-5678';
const WITH_00 = '0049 176 12345678';
const E164 = '+4917612345678';

const kit = useDrivenKit({ callDurationMs: 0 });

/** Each operation with the parameter that holds the number and where the request carries it. */
const operations: Array<[string, Record<string, unknown>, 'body' | 'query', string]> = [
	[
		'SMS → Send',
		{
			resource: 'sms',
			operation: 'send',
			from: locator(ALICE.smsPhoneNumberId),
			to: WRITTEN,
			body: 'Your code: 1234',
		},
		'body',
		'to',
	],
	[
		'Call → Make',
		{
			resource: 'call',
			operation: 'make',
			assistantId: locator(ALICE.outboundAssistantId),
			phoneNumber: WRITTEN,
		},
		'body',
		'phone_number',
	],
	[
		'WhatsApp → Send Free-Form Message',
		{
			resource: 'whatsApp',
			operation: 'sendFreeform',
			senderId: locator(ALICE.senders.online),
			recipientPhone: WRITTEN,
			message: 'Hello!',
		},
		'body',
		'recipient_phone',
	],
	[
		'WhatsApp → Get Session Status',
		{
			resource: 'whatsApp',
			operation: 'getSessionStatus',
			senderId: locator(ALICE.senders.online),
			recipientPhone: WRITTEN,
		},
		'query',
		'recipient_phone',
	],
	[
		'Lead → Create',
		{
			resource: 'lead',
			operation: 'create',
			campaignId: locator(ALICE.draftCampaignId),
			phoneNumber: WRITTEN,
		},
		'body',
		'phone_number',
	],
];

describe('version 2 takes phone numbers with spaces, brackets and dashes', () => {
	it.each(operations)('%s sends the E.164 number', async (_name, parameters, where, field) => {
		const result = await kit().run(parameters as never, { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect((request[where] as Record<string, unknown>)[field]).toBe(E164);
	});

	it('takes a leading 00 as the plus sign, as the service does for SMS', async () => {
		const result = await kit().run(
			{
				resource: 'sms',
				operation: 'send',
				from: locator(ALICE.smsPhoneNumberId),
				to: WITH_00,
				body: 'Your code: 1234',
			} as never,
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect((only(await kit().requests()).body as Record<string, unknown>).to).toBe(E164);
	});

	it('WhatsApp → Send Template Message sends the E.164 number', async () => {
		const result = await kit().run(
			{
				resource: 'whatsApp',
				operation: 'sendTemplate',
				senderId: locator(ALICE.senders.online),
				templateId: locator(ALICE.templates.approved),
				recipientPhone: '+49 157 0000 0001',
				templateVariables: {
					mappingMode: 'defineBelow',
					value: { customer_name: 'Ada', date: '2026-07-01', time: '10:00' },
				},
			} as never,
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		const send = (await kit().requests()).find((entry) => entry.method === 'POST');
		expect((send?.body as Record<string, unknown>).recipient_phone).toBe('+4915700000001');
	});

	it('still refuses a number that is not one once the separators are gone, naming the field and showing what was typed', async () => {
		const result = await kit().run(
			{
				resource: 'sms',
				operation: 'send',
				from: locator(ALICE.smsPhoneNumberId),
				to: '0176 1234 5678',
				body: 'Hi',
			} as never,
			{ typeVersion: 2 },
		);
		await kit().expectFailedBeforeSending(result, 'To (to)');
		expect(result.error?.message).toContain('got 0176 1234 5678');
	});

	it('says so in the field hints', () => {
		const properties = actionNodeDescription(2).properties;
		const hint = (name: string, operation: string) =>
			properties.find(
				(property: INodeProperties) =>
					property.name === name &&
					(property.displayOptions?.show?.operation ?? []).includes(operation),
			)?.description;
		for (const [name, operation] of [
			['to', 'send'],
			['phoneNumber', 'make'],
			['recipientPhone', 'sendFreeform'],
			['recipientPhone', 'getSessionStatus'],
			['recipientPhone', 'sendTemplate'],
			['phoneNumber', 'create'],
		]) {
			expect(hint(name, operation)).toMatch(
				/spaces, dashes, dots, slashes and brackets are removed, a leading 00 becomes \+/,
			);
		}
	});
});

describe('version 1 sends exactly the E.164 number it is given', () => {
	it.each(operations.slice(1, 4))(
		'%s refuses a number with spaces before sending',
		async (_name, parameters, _where, field) => {
			const result = await kit().run(parameters as never, { typeVersion: 1 });
			await kit().expectFailedBeforeSending(result, field);
		},
	);

	it('and its hints do not promise the clean-up', () => {
		const recipient = actionNodeDescription(1).properties.find(
			(property: INodeProperties) => property.name === 'recipientPhone',
		);
		expect(recipient?.description).not.toMatch(/removed/);
	});
});
