/**
 * Return All when the service repeats itself: a cursor list whose next cursor comes back, and a
 * page-number list that answers every page with the first page's records (a service that ignores
 * `?page`). The read stops at the repeat and keeps what it read: each record before it is output
 * once, and why it stopped is in n8n's log and, as a hint on the output, in the editor. Against a
 * scripted service: the sandbox's pages never repeat.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

import type { NodeRunResult } from '../../harness/engine';
import { startScriptedServer, type ScriptedServer } from '../helpers/scriptedServer';
import { jsonOf, useDrivenKit } from './kit';

const kit = useDrivenKit();

let server: ScriptedServer;
let warnings: jest.SpyInstance;
beforeAll(async () => {
	server = await startScriptedServer();
});
afterAll(async () => await server.close());
beforeEach(() => {
	server.requests.length = 0;
	warnings = jest.spyOn(Container.get(Logger), 'warn');
});
afterEach(() => warnings.mockRestore());

/** Return All of `resource` on version 2 against the scripted service. */
async function returnAll(resource: 'conversation' | 'lead'): Promise<NodeRunResult> {
	return await kit().run({ resource, operation: 'getAll', returnAll: true, filters: {} } as never, {
		typeVersion: 2,
		credentials: { baseUrl: server.url },
	});
}

/** The hints the node's run left for the editor's output pane. */
const hintsOf = (result: NodeRunResult) =>
	result.saved?.resultData.runData.Famulor?.[0]?.hints ?? [];

/** The read stopped because `why`: said once in n8n's log, and as a hint that `kept` records are the output. */
function expectStoppedBecause(result: NodeRunResult, why: string, kept: number): void {
	expect(warnings.mock.calls).toEqual([[`Famulor: ${why}.`]]);
	expect(hintsOf(result)).toEqual([
		{
			message: `${why}. The ${kept} records read before it are the output.`,
			type: 'warning',
			location: 'outputPane',
		},
	]);
}

describe('Return All on a service that repeats itself', () => {
	it('a cursor list whose next cursor repeats: the records before it, once, and why in the log and the editor', async () => {
		// Page 1 leads to `c2`, page 2 to `c3`, page 3 back to `c2`.
		const next: Record<string, string> = { first: 'c2', c2: 'c3', c3: 'c2' };
		server.fallback = (request) => {
			const at = request.query.cursor ?? 'first';
			return {
				status: 200,
				body: { data: [{ id: `uuid-${at}` }], next_cursor: next[at], prev_cursor: null },
			};
		};
		const result = await returnAll('conversation');
		expect(result.error).toBeUndefined();
		expect(server.requests.map((request) => request.query.cursor)).toEqual([undefined, 'c2', 'c3']);
		expect(jsonOf(result).map((record) => record.id)).toEqual(['uuid-first', 'uuid-c2', 'uuid-c3']);
		const why =
			'The service gave page 3 of /api/user/conversations the same next cursor as page 1, so reading stopped instead of returning the same records again';
		expectStoppedBecause(result, why, 3);
	});

	it('a page-number list that answers every page with the first: its records once, and why in the log and the editor', async () => {
		server.fallback = () => ({
			status: 200,
			body: { data: [{ id: 1 }, { id: 2 }], current_page: 1, last_page: 100_000 },
		});
		const result = await returnAll('lead');
		expect(result.error).toBeUndefined();
		expect(server.requests.map((request) => request.query.page)).toEqual(['1', '2']);
		expect(jsonOf(result).map((record) => record.id)).toEqual([1, 2]);
		const why =
			'The service answered page 2 of /api/user/leads with the same records as page 1, so reading stopped instead of returning them twice: it seems to ignore the paging parameters';
		expectStoppedBecause(result, why, 2);
	});
});
