import { operationNames } from './setup.webhooks';

describe('Assistant webhook switches (v2)', () => {
	it('the Operation dropdown pairs every Enable with a Disable of the same webhook; version 1 keeps its two', () => {
		const names = operationNames(2);
		const webhooks = names.filter((name) => / Webhook$/.test(name));
		expect(
			webhooks
				.filter((name) => name.startsWith('Enable '))
				.map((name) => name.slice(7))
				.sort(),
		).toEqual(['Conversation-Ended Webhook', 'Inbound Webhook', 'Post-Call Webhook']);
		expect(
			webhooks
				.filter((name) => name.startsWith('Disable '))
				.map((name) => name.slice(8))
				.sort(),
		).toEqual(['Conversation-Ended Webhook', 'Inbound Webhook', 'Post-Call Webhook']);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(operationNames(1).filter((name) => / Webhook$/.test(name))).toEqual([
			'Disable Webhook',
			'Enable Inbound Webhook',
		]);
	});
});
