import type { INodePropertyOptions } from 'n8n-workflow';
import { actionNodeDescription } from '../../harness/engine';
import {
	apiGeneration,
	GENERATE_REPLY,
	jsonOf,
	SMS_CAPABLE_NUMBERS,
	useDrivenKit,
	V2,
} from './kit';
import { Famulor } from '../../nodes/Famulor/Famulor.node';

// Version 2 against the sandbox in current mode.
const kit = useDrivenKit(apiGeneration('current'));

describe('versions', () => {
	it('offers the new resources and operations in version 2 only', () => {
		const operationsOf = (version: number, resource: string) =>
			(
				actionNodeDescription(version).properties.find(
					(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === resource,
				)?.options ?? []
			).map((o) => (o as INodePropertyOptions).value);
		const resourcesOf = (version: number) =>
			(
				actionNodeDescription(version).properties.find((p) => p.name === 'resource')?.options ?? []
			).map((o) => (o as INodePropertyOptions).value);
		expect(resourcesOf(1)).not.toEqual(expect.arrayContaining(['account']));
		expect(resourcesOf(2)).toEqual(
			expect.arrayContaining(['account', 'campaign', 'lead', 'sipTrunk']),
		);
		expect(operationsOf(1, 'phoneNumber')).toEqual([
			'getAll',
			'getAllSmsCapable',
			'purchase',
			'search',
		]);
		expect(operationsOf(2, 'phoneNumber')).toEqual([
			'getAll',
			'getAllSmsCapable',
			'purchase',
			'release',
			'search',
			'update',
		]);
		expect(operationsOf(2, 'knowledgeBase')).toEqual([
			'create',
			'delete',
			'get',
			'getAll',
			'update',
		]);
		expect(operationsOf(2, 'document')).toEqual([
			'createFromFile',
			'createFromWebsite',
			'delete',
			'get',
			'getAll',
			'update',
		]);
	});
});

describe('version 2 paths', () => {
	it('generate-reply and the SMS-capable list use the current paths', async () => {
		expect((await kit().run(GENERATE_REPLY, V2)).error).toBeUndefined();
		const sms = await kit().run(SMS_CAPABLE_NUMBERS, V2);
		expect(jsonOf(sms).map((p) => p.id)).toEqual([11]);
		expect((await kit().requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /api/user/ai/generate-reply 200',
			'GET /api/user/phone-numbers 200',
		]);
	});
});

describe('Version 1 stays as the seed specification (the API docs of February 2026) describes it', () => {
	const operationsOf = (version: number, resource: string): unknown[] => {
		const properties = new Famulor().nodeVersions[version].description.properties;
		const operation = properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes(resource),
		);
		return (operation?.options ?? []).map((option) => (option as { value: unknown }).value);
	};
	const resourcesOf = (version: number): unknown[] =>
		(
			new Famulor().nodeVersions[version].description.properties.find(
				(property) => property.name === 'resource',
			)?.options ?? []
		).map((option) => (option as { value: unknown }).value);

	it('has no SMS, Chat, template or AI on/off operations; version 2 has them', () => {
		expect(resourcesOf(1)).not.toEqual(expect.arrayContaining(['sms']));
		expect(resourcesOf(1)).not.toEqual(expect.arrayContaining(['chat']));
		expect(operationsOf(1, 'whatsApp')).toEqual(['getSessionStatus', 'sendFreeform']);
		expect(operationsOf(1, 'conversation')).toEqual(['getAll']);
		expect(resourcesOf(2)).toEqual(expect.arrayContaining(['sms', 'chat']));
		expect(operationsOf(2, 'whatsApp')).toEqual([
			'getSenders',
			'getTemplates',
			'getSessionStatus',
			'sendFreeform',
			'sendTemplate',
		]);
		expect(operationsOf(2, 'conversation')).toEqual(['disableAi', 'enableAi', 'getAll']);
		expect(operationsOf(2, 'chat')).toEqual([
			'createConversation',
			'getConversation',
			'sendMessage',
		]);
	});
});
