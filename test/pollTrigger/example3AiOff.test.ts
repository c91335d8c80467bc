/**
 * Example 3's polling trigger as shipped (New WhatsApp Message, sender 71, Only While AI Is Off)
 * against the sandbox, driven by the customer command its note gives: a message into a chat whose AI
 * is on is the sandbox assistant's to answer and starts nothing; with `--ai off` (the chat handed
 * over) the next poll emits it once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeParameters } from 'n8n-workflow';

import { customerCommand } from '../helpers/customerCommand';
import { usePollKit } from './pollKit';

const pk = usePollKit();

function example3Trigger(): INodeParameters {
	const file = join(__dirname, '..', '..', 'examples', '3-whatsapp-auto-reply.json');
	const workflow = JSON.parse(readFileSync(file, 'utf8')) as {
		nodes: Array<{ type: string; parameters: INodeParameters }>;
	};
	const trigger = workflow.nodes.find(
		(entry) => entry.type === 'n8n-nodes-famulor-ai.famulorPollTrigger',
	);
	if (!trigger) throw new Error('example 3 has no polling trigger');
	return trigger.parameters;
}

test('example 3 starts nothing while the AI answers, and one run per message after --ai off', async () => {
	const parameters = example3Trigger();
	expect(parameters).toMatchObject({ event: 'newWhatsAppMessage', onlyWhileAiOff: true });
	const trigger = pk().trigger(parameters);
	await trigger.activate();
	const url = pk().kit.credentials.baseUrl;

	const answered = await customerCommand(url, 'whatsapp-message', { text: 'Open on Sunday?' });
	expect(answered).toContain('AI on: the assistant answered by itself');
	expect((await trigger.poll()).items).toEqual([]);

	const text = 'Are you open on Saturday?';
	const handedOver = await customerCommand(url, 'whatsapp-message', { text, ai: 'off' });
	expect(handedOver).toContain('AI off: no AI reply');
	const { items } = await trigger.poll();
	expect(items).toEqual([
		expect.objectContaining({ message: text, customer_phone: '+4917612345678' }),
	]);
	expect((await trigger.poll()).items).toEqual([]);
});
