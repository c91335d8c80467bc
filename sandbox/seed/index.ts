/**
 * The seed: fixed demo data of both users, every timestamp relative to the clock's now() at seeding time.
 * Only whoever starts a sandbox imports it (index.ts hands seedState to the Sandbox, which runs it on
 * start and on every reset).
 */
import type { State } from '../model/store';
import { seedAssistants } from './assistants';
import { seedCalls } from './calls';
import { seedCampaigns } from './campaigns';
import { seedConversations } from './conversations';
import { seedUserRecords, seedSenders } from './userRecords';

export { SEED } from './facts';

/** Fills a new store; the order keeps every seeded id and sequence number as documented in SEED. */
export function seedState(state: State): void {
	const now = state.now();
	seedUserRecords(state, now);
	seedAssistants(state, now);
	seedSenders(state);
	seedConversations(state, now);
	seedCalls(state);
	seedCampaigns(state);
}
