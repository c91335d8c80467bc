/** The trigger's description: conventions, the assistant picker, events per version, fields. */
import { FamulorTrigger } from '../../nodes/FamulorTrigger/FamulorTrigger.node';
import { RESPONSE_MODE_EXPRESSION } from '../../nodes/FamulorTrigger/liveAnswer';

describe('description', () => {
	const { description, webhookMethods, methods } = new FamulorTrigger();

	it('follows the trigger conventions', () => {
		expect(description.name).toBe('famulorTrigger');
		expect(description.displayName).toContain('Trigger');
		expect(description.inputs).toEqual([]);
		expect(description).not.toHaveProperty('usableAsTool');
		expect(description.credentials).toEqual([{ name: 'famulorAiApi', required: true }]);
		expect(description.webhooks).toEqual([
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: RESPONSE_MODE_EXPRESSION,
				path: 'webhook',
			},
		]);
		expect(Object.keys(webhookMethods.default).sort()).toEqual(['checkExists', 'create', 'delete']);
	});

	it('reuses the shared assistant picker', () => {
		const assistant = description.properties.find((p) => p.name === 'assistantId');
		expect(assistant?.type).toBe('resourceLocator');
		expect(assistant?.modes?.map((m) => m.name)).toEqual(['list', 'id']);
		expect(Object.keys(methods.listSearch)).toEqual(['searchAssistants']);
		expect(Object.keys(methods.loadOptions)).toEqual(['getAssistants', 'getMidCallTools']);
	});

	it('offers the four events in versions 1 and 1.1, and Inbound Call (renamed) and Mid-Call Tool from 1.2', () => {
		const events = description.properties.filter((p) => p.name === 'event');
		expect(
			events.map((event) => [
				event.displayOptions?.show?.['@version'],
				event.options?.map((o) => (o as { value: string }).value),
			]),
		).toEqual([
			[
				[1, 1.1],
				['callCompleted', 'conversationEnded', 'inboundCallCompleted', 'whatsAppMessageStatus'],
			],
			[
				[{ _cnd: { gte: 1.2 } }],
				[
					'callCompleted',
					'conversationEnded',
					'inboundCall',
					'midCallTool',
					'whatsAppMessageStatus',
				],
			],
		]);
	});

	it('keeps the signing secret in a password field shown only for read receipts', () => {
		const secret = description.properties.find((p) => p.name === 'signingSecret');
		expect(secret?.typeOptions?.password).toBe(true);
		expect(secret?.displayOptions).toEqual({ show: { event: ['whatsAppMessageStatus'] } });
	});

	it('turns Simplify on by default from version 1.1; version 1 keeps it off', () => {
		expect(description.version).toEqual([1, 1.1, 1.2]);
		const simplify = description.properties.filter((p) => p.name === 'simplify');
		expect(simplify.map((p) => [p.default, p.displayOptions?.show?.['@version']])).toEqual([
			[false, [1]],
			[true, [{ _cnd: { gte: 1.1 } }]],
		]);
	});
});
