/**
 * The one paginator (nodes/shared/transport/pages.ts) as a table of its decisions, run here against a
 * scripted service: each row's read and what the service answers it, the position and page size each
 * request asked for, each page yielded, and how the read ended (the list's end, the page budget, or
 * a page or cursor seen before, with a warning in n8n's log and the pages read before it yielded).
 */
import { listPages } from '../../nodes/shared/transport';
import type { PageRead, ReadEnd } from '../../nodes/shared/transport/pages';
import { withRequestContext } from '../../harness/engine';
import type { RecordedRequest } from '../helpers/scriptedServer';
import { keepWarnings, useScriptedService } from '../helpers/scriptedService';

export const ids = (from: number, count: number) =>
	Array.from({ length: count }, (_, index) => ({ id: from + index }));

export interface Row {
	read: Omit<PageRead, 'path'>;
	answer: (request: RecordedRequest) => unknown;
	/** The position each request asked for (cursor or page) and its per_page. */
	asked: string[];
	/** Each yielded page: its first and last ID, and its next position. */
	pages: Array<[number | undefined, number | undefined, string | undefined]>;
	/** How the read ended, `end` if not given; a repeated page or cursor is warned of in n8n's log. */
	end?: ReadEnd;
}

const PATH = '/api/user/list';

/** Runs the table's rows as `listPages <row name>`, each a read of PATH on the file's service. */
export function describeListPages(table: Array<[string, Row]>): void {
	const service = useScriptedService('sbx_pages_token_7d2e');

	describe('listPages', () => {
		test.each(table)('%s', async (_name, row) => {
			const { server, credentials } = service();
			server.requests.length = 0;
			server.fallback = (request) => ({ status: 200, body: row.answer(request) });
			let warnings: string[] = [];
			const { pages, end } = await withRequestContext(credentials, async function () {
				warnings = keepWarnings(this);
				const read = listPages.call(this, { path: PATH, ...row.read });
				const seen: Row['pages'] = [];
				for await (const page of read)
					seen.push([
						page.records[0]?.id as number | undefined,
						page.records[page.records.length - 1]?.id as number | undefined,
						page.next,
					]);
				expect(read.requests).toBe(server.requests.length);
				return { pages: seen, end: read.end };
			});
			expect(
				server.requests.map(
					(request) =>
						`${request.query.cursor ?? request.query.page ?? '-'} ${request.query.per_page}`,
				),
			).toEqual(row.asked);
			expect(pages).toEqual(row.pages);
			const ended = row.end ?? { kind: 'end' };
			expect(end).toEqual(ended);
			expect(warnings).toEqual(ended.kind === 'repeated' ? [`Famulor: ${ended.message}.`] : []);
		});
	});
}
