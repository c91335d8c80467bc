import { operationNames } from './setup.webhooks';

describe('Assistant webhook switches (v2)', () => {
	it('the Operation dropdown pairs every Enable with a Disable of the same webhook; version 1 keeps its two', () => {
		const names = operationNames(2);
		const webhooks = names.filter((name) => / Webhook$/.test(name));
		const switchedBy = (verb: string) =>
			webhooks
				.filter((name) => name.startsWith(`${verb} `))
				.map((name) => name.slice(verb.length + 1))
				.sort();
		const all = ['Conversation-Ended Webhook', 'Inbound Webhook', 'Post-Call Webhook'];
		expect(switchedBy('Enable')).toEqual(all);
		expect(switchedBy('Disable')).toEqual(all);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(operationNames(1).filter((name) => / Webhook$/.test(name))).toEqual([
			'Disable Webhook',
			'Enable Inbound Webhook',
		]);
	});
});
