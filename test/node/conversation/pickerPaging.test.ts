/**
 * The pickers page through the one paginator (nodes/shared/methods/common.ts, searchPage): n8n's
 * token is the next page's cursor or number, and a cursor the service answers with itself ends the
 * list (a warning in n8n's log) instead of offering the same page for ever. Against a scripted
 * service: the sandbox's cursors never repeat.
 */
import type { INodeListSearchResult } from 'n8n-workflow';

import { searchCalls } from '../../../nodes/shared/methods/calls';
import { searchConversations } from '../../../nodes/shared/methods/conversations';
import { withRequestContext } from '../../../harness/engine';
import { keepWarnings, useScriptedService } from '../../helpers/scriptedService';

const service = useScriptedService('sbx_picker_paging_token_3c8a');

/** One picker call as n8n makes it, with the token of the last answer; the warnings it logged. */
async function pick(
	search: typeof searchConversations,
	token: string | undefined,
): Promise<{ result: INodeListSearchResult; warnings: string[] }> {
	let warnings: string[] = [];
	const result = await withRequestContext(service().credentials, async function () {
		warnings = keepWarnings(this);
		return await search.call(this, undefined, token);
	});
	return { result, warnings };
}

beforeEach(() => {
	service().server.requests.length = 0;
});

test('conversations: the token is the next cursor; a cursor answered with itself ends the list', async () => {
	const { server } = service();
	server.fallback = (request) => ({
		status: 200,
		body: {
			data: [{ id: `uuid-${request.query.cursor ?? 'first'}`, type: 'widget' }],
			next_cursor: 'c1',
			prev_cursor: null,
		},
	});
	const first = await pick(searchConversations, undefined);
	expect(first.result.paginationToken).toBe('c1');
	expect(first.warnings).toEqual([]);
	const again = await pick(searchConversations, 'c1');
	expect(again.result.results.map((item) => item.value)).toEqual(['uuid-c1']);
	expect(again.result.paginationToken).toBeUndefined();
	expect(again.warnings).toEqual([
		'Famulor: The service gave page 1 of /api/user/conversations the same next cursor as the position the read started at, so reading stopped instead of returning the same records again.',
	]);
	expect(server.requests.map((request) => request.query)).toEqual([
		{ per_page: '100' },
		{ per_page: '100', cursor: 'c1' },
	]);
});

test('calls: the token is the next page number, none after last_page', async () => {
	const { server } = service();
	server.fallback = (request) => ({
		status: 200,
		body: {
			data: [{ id: Number(request.query.page) }],
			current_page: Number(request.query.page),
			last_page: 2,
		},
	});
	const first = await pick(searchCalls, undefined);
	expect(first.result.paginationToken).toBe('2');
	const last = await pick(searchCalls, '2');
	expect(last.result.results.map((item) => item.value)).toEqual(['2']);
	expect(last.result.paginationToken).toBeUndefined();
	expect(server.requests.map((request) => request.query.page)).toEqual(['1', '2']);
});
