/**
 * What was under way when a restored sandbox stopped, picked up again: its timers did not survive.
 * A call still ringing ends a call duration after the restart, as a new one would; a running
 * campaign's calls under way are aborted (their leads go back to the queue, as when it is stopped)
 * and its dialer runs again; a document still processing finishes processing; a widget or WhatsApp
 * chat counting down to its inactivity end ends when it was due; a webhook delivery not yet delivered
 * nor given up gets its next attempt when due.
 */
import { endAfterCallDuration } from '../domain/calls/callLifecycle';
import { abortCalls, dial } from '../domain/campaigns/dialer';
import { finishProcessingLater } from '../domain/knowledgeBases/documentProcessing';
import { resumeInactivityEnds } from '../domain/messaging/conversationEnd';
import { resumeWebhookRetries } from '../domain/webhooks/webhookDelivery';
import type { Sandbox } from '../model/sandbox';

export function resumeTimedWork(sb: Sandbox): void {
	const { state } = sb;
	const campaignCalls = new Set<number>();
	for (const campaign of state.campaigns.values()) {
		const leads = [...state.leads.values()].filter((lead) => lead.campaign_id === campaign.id);
		for (const lead of leads) if (lead.call_id !== null) campaignCalls.add(lead.call_id);
		if (campaign.status === 'in-progress')
			void abortCalls(sb, leads).then(() => dial(sb, campaign));
	}
	for (const call of state.calls.values())
		if (call.status === 'initiated' && !campaignCalls.has(call.id)) endAfterCallDuration(sb, call);
	for (const doc of state.documents.values())
		if (doc.status === 'processing') finishProcessingLater(sb, doc);
	resumeInactivityEnds(sb);
	resumeWebhookRetries(sb);
}
