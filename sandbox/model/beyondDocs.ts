/**
 * What the sandbox can do beyond Famulor's public docs: each entry is a field or behaviour no docs
 * page shows, which the nodes allow for (they must work without it). Every option is off by
 * default, so tests, the benchmark and `npm start` run against the service as documented; a test
 * that proves the nodes also handle the undocumented shape switches its option on.
 *
 * This table is the one owner of the list: `npm run docs` writes it into docs/SERVICE-NOTES.md.
 */
export interface BeyondDocsEntry {
	/** What the sandbox does when the option is on, in one sentence. */
	does: string;
	/** The public page that leaves it open. */
	page: string;
	/** Why the nodes allow for it, or what they do without it. */
	why: string;
}

export const BEYOND_DOCS = {
	assistantToolIds: {
		does: "The assistants list (`GET /api/user/assistants/get`) carries `tool_ids`, the IDs of each assistant's mid-call tools (stored either way: updates replace them, a deleted tool leaves every assistant).",
		page: 'https://docs.famulor.de/en/api-reference/assistants/list',
		why: "The list shows `tools` as built-in tools only and no page returns an assistant's mid-call tool IDs, while an update's `tool_ids` replaces the whole list. With the field, the Mid-Call Tool trigger keeps every tool the assistant has; without it, only the tools named in Other Tools to Keep.",
	},
	assistantConversationEndedWebhookUrl: {
		does: 'Assistant answers carry `conversation_ended_webhook_url`, the URL the conversation-ended webhook goes to.',
		page: 'https://docs.famulor.de/en/api-reference/assistants/list',
		why: 'The list shows `webhook_url` and `inbound_webhook_url` but not this URL. With the field, the Conversation Ended trigger sees a URL set in Famulor and puts it back on unpublish; without it, the trigger registers only with "Replace Existing Webhook" and says that an overwritten URL cannot be put back.',
	},
	inboundCallCompletedReport: {
		does: "An inbound call's one request to the inbound webhook comes when the call ends, with the post-call payload, instead of when it arrives.",
		page: 'https://docs.famulor.de/en/api-reference/assistants/enable-inbound-webhook',
		why: "The API reference says the inbound webhook reports completed inbound calls; the automation guide (https://docs.famulor.de/en/automation-platform/calls-related/Famulor-tool) says it fires before the assistant picks up and reads variables from the answer. The default follows the guide, which example 9 (greet known callers) relies on; the trigger's Inbound Call reads both, and outputs a completed report as the post-call payload.",
	},
	inboundRequestCallDetails: {
		does: 'An incoming call\'s request before pickup carries, beside `customer_phone` and `assistant_phone`, `assistant_id`, `call_id`, `timestamp`, `status: "incoming"` and `variables` (the sample of Activepieces\' Famulor piece).',
		page: 'https://docs.famulor.de/en/automation-platform/calls-related/Famulor-tool',
		why: "The guide says the request comes before the assistant picks up and serves to fetch customer data, but shows no payload; by default it carries only the caller's and the assistant's numbers, named as in the post-call payload. The trigger's Inbound Call outputs whatever the request carries; with a call ID it drops a repeated delivery of one call, without one every delivery starts the workflow.",
	},
	postCallRetries: {
		does: 'A post-call webhook that fails (an answer other than 2xx, or no connection) is tried again after each of `webhookRetryDelaysMs` (1 s, 2 s and 4 s unless set).',
		page: 'https://docs.famulor.de/en/api-reference/webhooks/post-call',
		why: "The page says nothing of retries; by default each call's post-call webhook is sent once. The Call Completed trigger allows for retries: one execution per call ID, a repeated delivery is answered `{received: true, duplicate: true}`.",
	},
	endpointLimitRetryAfterHeader: {
		does: "A 429 of an endpoint's own limit (generate-reply, the WhatsApp sends) carries a `Retry-After` header beside the body's `retry_after`.",
		page: 'https://docs.famulor.de/en/api-reference/ai-replies/generate-reply',
		why: "The page shows the 429 body `{message, retry_after}` and no header; only the authentication guide's sample client reads `Retry-After`. The node waits the header's seconds when it comes, else the body's `retry_after`.",
	},
} as const satisfies Record<string, BeyondDocsEntry>;

export type BeyondDocsOption = keyof typeof BEYOND_DOCS;
export type BeyondDocsSettings = Readonly<Record<BeyondDocsOption, boolean>>;

export const BEYOND_DOCS_OPTIONS = Object.keys(BEYOND_DOCS) as BeyondDocsOption[];

/** Every option off, then the named ones on; an unknown name throws listing the choices. */
export function resolveBeyondDocs(on: readonly string[] = []): BeyondDocsSettings {
	const settings = Object.fromEntries(BEYOND_DOCS_OPTIONS.map((name) => [name, false])) as Record<
		BeyondDocsOption,
		boolean
	>;
	for (const name of on) {
		if (!(BEYOND_DOCS_OPTIONS as string[]).includes(name))
			throw new Error(
				`unknown sandbox option ${name}: choose from ${BEYOND_DOCS_OPTIONS.join(', ')}`,
			);
		settings[name as BeyondDocsOption] = true;
	}
	return settings;
}
