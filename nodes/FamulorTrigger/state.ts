import type { IDataObject } from 'n8n-workflow';

/** Events whose webhook the trigger registers on an assistant itself. */
export type RegisteredEvent =
	'callCompleted' | 'inboundCall' | 'inboundCallCompleted' | 'conversationEnded';
/**
 * Read receipts are registered per WhatsApp sender in the Famulor dashboard, not through the API; a
 * mid-call tool is a record of its own (midCallTool/). `inboundCallCompleted` is the inbound event of
 * node versions 1 and 1.1 (renamed Inbound Call in 1.2).
 */
export type TriggerEvent = RegisteredEvent | 'whatsAppMessageStatus' | 'midCallTool';

export const REGISTERED_EVENTS: readonly RegisteredEvent[] = [
	'callCompleted',
	'inboundCall',
	'inboundCallCompleted',
	'conversationEnded',
];

export function isRegisteredEvent(value: unknown): value is RegisteredEvent {
	return REGISTERED_EVENTS.includes(value as RegisteredEvent);
}

/** A webhook of someone else that "Replace Existing Webhook" overwrote, with the settings to put back. */
export interface ReplacedWebhook {
	url: string;
	/** The assistant's delivery flags at the time (post-call webhook only). */
	flags?: IDataObject;
}

/** What `create` did, so `checkExists` and `delete` act only on our own registration. */
export interface Registration {
	assistantId: number;
	event: RegisteredEvent;
	/** The exact URL registered, secret included. */
	url: string;
	/**
	 * Restored on delete while the registration is still ours; null when nothing was replaced
	 * (or by an older version that did not record it).
	 */
	replaced: ReplacedWebhook | null;
}

/** Keys of the node's static data (persisted by n8n under `node:<node name>`). */
const SECRET = 'webhookSecret';
const REGISTRATION = 'registration';
/** Remembered deliveries (dedupe.ts). */
export const DELIVERIES = 'deliveries';

export function readSecret(staticData: IDataObject): string | undefined {
	const secret = staticData[SECRET];
	return typeof secret === 'string' && secret !== '' ? secret : undefined;
}

function readReplaced(stored: IDataObject | undefined): ReplacedWebhook | null {
	if (!stored || typeof stored !== 'object' || typeof stored.url !== 'string') return null;
	const flags = stored.flags;
	return {
		url: stored.url,
		...(flags && typeof flags === 'object' && !Array.isArray(flags)
			? { flags: flags as IDataObject }
			: {}),
	};
}

export function readRegistration(staticData: IDataObject): Registration | undefined {
	const stored = staticData[REGISTRATION] as
		(Partial<Registration> & { replaced?: IDataObject }) | undefined;
	if (!stored || typeof stored !== 'object') return undefined;
	if (typeof stored.assistantId !== 'number' || typeof stored.url !== 'string') return undefined;
	if (!isRegisteredEvent(stored.event)) return undefined;
	return {
		assistantId: stored.assistantId,
		event: stored.event,
		url: stored.url,
		replaced: readReplaced(stored.replaced),
	};
}

export function saveRegistration(
	staticData: IDataObject,
	secret: string,
	registration: Registration,
): void {
	staticData[SECRET] = secret;
	staticData[REGISTRATION] = JSON.parse(JSON.stringify(registration)) as IDataObject;
	staticData[DELIVERIES] = {};
}

export function clearRegistration(staticData: IDataObject): void {
	delete staticData[SECRET];
	delete staticData[REGISTRATION];
	delete staticData[DELIVERIES];
}
