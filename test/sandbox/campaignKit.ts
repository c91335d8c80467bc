import { useWebhookSandbox } from './receiver';

/**
 * Registers a campaign suite's hooks around a webhook sandbox whose calls last 5 s, and returns it
 * with the campaign and lead actions the campaign and lead suites share.
 */
export function useCampaignSandbox() {
	const w = useWebhookSandbox({ callDurationMs: 5000 });
	/** The seeded calls, so that a test sees only the calls placed during it (after the reset). */
	let seededCallIds = new Set<number>();
	beforeEach(async () => {
		seededCallIds = new Set(
			((await w.c.ctl('GET', '/calls')).json as any[]).map((call) => call.id),
		);
	});

	const start = (campaign_id: number, as?: 'bob') =>
		w.c.post('/api/user/campaigns/update-status', { campaign_id, action: 'start' }, as);
	const stop = (campaign_id: number) =>
		w.c.post('/api/user/campaigns/update-status', { campaign_id, action: 'stop' });
	const lead = async (id: number) =>
		(await w.c.get(`/api/user/leads?per_page=100`)).json.data.find((l: any) => l.id === id);
	const campaignStatus = async (id: number) =>
		(await w.c.get('/api/user/campaigns')).json.find((x: any) => x.id === id)?.status;
	const callsOf = async () =>
		((await w.c.ctl('GET', '/calls')).json as any[])
			.filter((call) => !seededCallIds.has(call.id))
			.sort((a, b) => a.id - b.id);
	return { w, start, stop, lead, campaignStatus, callsOf };
}
