/**
 * The Conversation Ended event against the service as documented: the assistants list does not show
 * `conversation_ended_webhook_url` (https://docs.famulor.de/en/api-reference/assistants/list), so the
 * trigger cannot see a URL set in Famulor. It refuses to publish before writing anything, naming the
 * option that registers anyway and what that costs; with the option it registers, and unpublishing
 * removes its URL.
 */
import { byId, useTriggerKit } from './triggerKit';

const CHAT_ASSISTANT = 104; // "Chat Concierge"
const DISABLE = '/api/user/assistants/disable-conversation-ended-webhook';

const kit = useTriggerKit();

const writes = async () => (await kit().requests()).filter((r) => r.method !== 'GET');
const storedUrl = async () =>
	((await kit().ctl('GET', `/state/assistants/${CHAT_ASSISTANT}`)) as Record<string, unknown>)
		.conversation_ended_webhook_url;

it('refuses to publish without "Replace Existing Webhook", saying why, and writes nothing', async () => {
	await kit().ctl('DELETE', '/requests');
	const t = kit().trigger({ assistantId: byId(CHAT_ASSISTANT), event: 'conversationEnded' });
	await expect(t.lifecycle('create')).rejects.toThrow(
		'Famulor does not report which conversation-ended webhook assistant "Chat Concierge" (#104) has, so the trigger cannot make sure it does not overwrite someone else\'s: turn on the option "Replace Existing Webhook" to register anyway (an overwritten URL cannot be put back then)',
	);
	expect(await writes()).toEqual([]);
	expect(await storedUrl()).toBeNull();
});

it('with "Replace Existing Webhook" registers its URL, and unpublishing removes it', async () => {
	const t = kit().trigger({
		assistantId: byId(CHAT_ASSISTANT),
		event: 'conversationEnded',
		options: { replaceExisting: true },
	});
	await t.lifecycle('create');
	expect(await storedUrl()).toBe(t.signedUrl());
	await kit().ctl('DELETE', '/requests');
	await t.lifecycle('delete', 'internal', 'update');
	expect((await writes()).map((r) => r.path)).toEqual([DISABLE]);
	expect(await storedUrl()).toBeNull();
});
