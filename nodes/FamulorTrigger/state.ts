import type { IDataObject } from 'n8n-workflow';

export type TriggerEvent = 'callCompleted' | 'inboundCallCompleted';

/** What `create` did, so `checkExists` and `delete` act only on our own registration. */
export interface Registration {
	assistantId: number;
	event: TriggerEvent;
	/** The exact URL registered, secret included. */
	url: string;
	/** A webhook URL of someone else that "Replace Existing Webhook" overwrote (not restored on delete). */
	replacedUrl: string | null;
}

interface Delivery {
	id: string;
	at: number;
}

/** Keys of the node's static data (persisted by n8n under `node:<node name>`). */
const SECRET = 'webhookSecret';
const REGISTRATION = 'registration';
const DELIVERIES = 'deliveries';

export function readSecret(staticData: IDataObject): string | undefined {
	const secret = staticData[SECRET];
	return typeof secret === 'string' && secret !== '' ? secret : undefined;
}

export function readRegistration(staticData: IDataObject): Registration | undefined {
	const stored = staticData[REGISTRATION] as Partial<Registration> | undefined;
	if (!stored || typeof stored !== 'object') return undefined;
	if (typeof stored.assistantId !== 'number' || typeof stored.url !== 'string') return undefined;
	if (stored.event !== 'callCompleted' && stored.event !== 'inboundCallCompleted') return undefined;
	return {
		assistantId: stored.assistantId,
		event: stored.event,
		url: stored.url,
		replacedUrl: typeof stored.replacedUrl === 'string' ? stored.replacedUrl : null,
	};
}

export function saveRegistration(staticData: IDataObject, secret: string, registration: Registration): void {
	staticData[SECRET] = secret;
	staticData[REGISTRATION] = { ...registration };
	staticData[DELIVERIES] = [];
}

export function clearRegistration(staticData: IDataObject): void {
	delete staticData[SECRET];
	delete staticData[REGISTRATION];
	delete staticData[DELIVERIES];
}

/** Deliveries of the same call within this window start one execution only. */
export const DEDUPE_WINDOW_MS = 10 * 60_000;
/** Upper bound of remembered call ids, so static data stays small. */
export const DEDUPE_MAX_ENTRIES = 200;

/**
 * Records a delivery of `callId`; returns false when the same call was already delivered within the
 * window. Best effort: n8n saves static data after each delivery, so two deliveries handled at the
 * very same moment can both pass.
 */
export function rememberDelivery(staticData: IDataObject, callId: string, now: number): boolean {
	const stored = Array.isArray(staticData[DELIVERIES]) ? (staticData[DELIVERIES] as unknown as Delivery[]) : [];
	const recent = stored.filter(
		(entry) => entry && typeof entry.id === 'string' && typeof entry.at === 'number' && now - entry.at < DEDUPE_WINDOW_MS && entry.at <= now,
	);
	if (recent.some((entry) => entry.id === callId)) {
		staticData[DELIVERIES] = recent as unknown as IDataObject[];
		return false;
	}
	recent.push({ id: callId, at: now });
	// Reassigned (not mutated in place) so n8n's change tracking marks the static data for saving.
	staticData[DELIVERIES] = recent.slice(-DEDUPE_MAX_ENTRIES) as unknown as IDataObject[];
	return true;
}
