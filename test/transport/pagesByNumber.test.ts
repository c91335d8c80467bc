/**
 * The one paginator (nodes/shared/transport/pages.ts) as a table of its decisions: which page each
 * documented list shape leads to (next_cursor; last_page; total and per_page; next_page_url; a list
 * answered whole), where the page budget stops a read, and the guard that ends a read on a page or
 * cursor seen before, with a warning in n8n's log and the pages read before it yielded.
 */
import { listPages } from '../../nodes/shared/transport';
import type { PageRead, ReadEnd } from '../../nodes/shared/transport/pages';
import { withRequestContext } from '../../harness/engine';
import type { RecordedRequest } from '../helpers/scriptedServer';
import { keepWarnings, useScriptedService } from '../helpers/scriptedService';

const service = useScriptedService('sbx_pages_token_7d2e');

const ids = (from: number, count: number) =>
	Array.from({ length: count }, (_, index) => ({ id: from + index }));

/** A cursor list of `total` records: the cursor is the offset as text, `next_cursor` null at the end. */
const cursorList =
	(total: number) =>
	(request: RecordedRequest): unknown => {
		const offset = Number(request.query.cursor ?? '0');
		const perPage = Number(request.query.per_page);
		const next = offset + perPage < total ? String(offset + perPage) : null;
		return {
			data: ids(offset + 1, Math.max(0, Math.min(perPage, total - offset))),
			path: '/api/user/conversations',
			per_page: perPage,
			next_cursor: next,
			prev_cursor: null,
		};
	};

/** A page-number list of `total` records, with the paging fields `fields` gives for a page. */
const numberedList =
	(total: number, fields: (page: number, perPage: number) => object) =>
	(request: RecordedRequest): unknown => {
		const page = Number(request.query.page);
		const perPage = Number(request.query.per_page);
		const data = ids(
			(page - 1) * perPage + 1,
			Math.max(0, Math.min(perPage, total - (page - 1) * perPage)),
		);
		return { data, ...fields(page, perPage) };
	};

const lastPage = (total: number) => (page: number, perPage: number) => ({
	current_page: page,
	per_page: perPage,
	total,
	last_page: Math.max(1, Math.ceil(total / perPage)),
	next_page_url:
		page * perPage < total ? `https://app.famulor.de/api/user/calls?page=${page + 1}` : null,
});

interface Row {
	read: Omit<PageRead, 'path'>;
	answer: (request: RecordedRequest) => unknown;
	/** The position each request asked for (cursor or page) and its per_page. */
	asked: string[];
	/** Each yielded page: its first and last ID, and its next position. */
	pages: Array<[number | undefined, number | undefined, string | undefined]>;
	/** How the read ended, `end` if not given; a repeated page or cursor is warned of in n8n's log. */
	end?: ReadEnd;
}

const CURSOR = { paging: 'cursor', perPage: 100, maxPages: 10 } as const;
const PAGE = { paging: 'page', perPage: 100, maxPages: 10 } as const;

const PATH = '/api/user/list';

const table: Array<[string, Row]> = [
	[
		'cursor: next_cursor to null',
		{
			read: CURSOR,
			answer: cursorList(250),
			asked: ['- 100', '100 100', '200 100'],
			pages: [
				[1, 100, '100'],
				[101, 200, '200'],
				[201, 250, undefined],
			],
		},
	],
	[
		'cursor: each page asks for what is still wanted',
		{
			read: { ...CURSOR, want: 150 },
			answer: cursorList(500),
			asked: ['- 100', '100 50'],
			pages: [
				[1, 100, '100'],
				[101, 150, '150'],
			],
		},
	],
	[
		'cursor: an empty page ends the list, whatever its next_cursor',
		{
			read: CURSOR,
			answer: () => ({ data: [], next_cursor: 'more', prev_cursor: null }),
			asked: ['- 100'],
			pages: [[undefined, undefined, undefined]],
		},
	],
	[
		'cursor: an empty next_cursor ends the list',
		{
			read: CURSOR,
			answer: () => ({ data: ids(1, 3), next_cursor: '' }),
			asked: ['- 100'],
			pages: [[1, 3, undefined]],
		},
	],
	[
		'cursor: from a position, within the budget',
		{
			read: { ...CURSOR, from: '300', maxPages: 2 },
			answer: cursorList(1000),
			asked: ['300 100', '400 100'],
			pages: [
				[301, 400, '400'],
				[401, 500, '500'],
			],
			end: { kind: 'budget', next: '500' },
		},
	],
	[
		'cursor: a next cursor given before ends the read; the pages read stand',
		{
			read: CURSOR,
			answer: (request) => ({
				data: request.query.cursor === undefined ? ids(1, 2) : ids(3, 2),
				next_cursor: 'same',
			}),
			asked: ['- 100', 'same 100'],
			pages: [
				[1, 2, 'same'],
				[3, 4, 'same'],
			],
			end: {
				kind: 'repeated',
				message:
					'The service gave page 2 of /api/user/list the same next cursor as page 1, so reading stopped instead of returning the same records again',
			},
		},
	],
	[
		'cursor: a next cursor that is the one the read started at ends it',
		{
			read: { ...CURSOR, from: 'kept' },
			answer: () => ({ data: ids(7, 1), next_cursor: 'kept' }),
			asked: ['kept 100'],
			pages: [[7, 7, 'kept']],
			end: {
				kind: 'repeated',
				message:
					'The service gave page 1 of /api/user/list the same next cursor as the position the read started at, so reading stopped instead of returning the same records again',
			},
		},
	],
	[
		'page: last_page of the full Laravel paginator, the same page size on every page',
		{
			read: PAGE,
			answer: numberedList(230, lastPage(230)),
			asked: ['1 100', '2 100', '3 100'],
			pages: [
				[1, 100, '2'],
				[101, 200, '3'],
				[201, 230, undefined],
			],
		},
	],
	[
		'page: total and per_page where no last_page is given (folders, labels)',
		{
			read: PAGE,
			answer: numberedList(150, (page, perPage) => ({
				current_page: page,
				per_page: perPage,
				total: 150,
			})),
			asked: ['1 100', '2 100'],
			pages: [
				[1, 100, '2'],
				[101, 150, undefined],
			],
		},
	],
	[
		'page: next_page_url alone (a simple paginator)',
		{
			read: PAGE,
			answer: numberedList(120, (page) => ({
				next_page_url: page < 2 ? `/x?page=${page + 1}` : null,
			})),
			asked: ['1 100', '2 100'],
			pages: [
				[1, 100, '2'],
				[101, 120, undefined],
			],
		},
	],
	[
		'page: no paging fields, {data} only: one page',
		{
			read: PAGE,
			answer: () => ({ data: ids(1, 4) }),
			asked: ['1 100'],
			pages: [[1, 4, undefined]],
		},
	],
	[
		'page: a bare array: one page',
		{
			read: PAGE,
			answer: () => ids(1, 5),
			asked: ['1 100'],
			pages: [[1, 5, undefined]],
		},
	],
	[
		'page: an empty page ends the list, whatever last_page says',
		{
			read: PAGE,
			answer: () => ({ data: [], last_page: 9 }),
			asked: ['1 100'],
			pages: [[undefined, undefined, undefined]],
		},
	],
	[
		'page: the budget stops a list longer than it, the next page named',
		{
			read: { ...PAGE, perPage: 10, maxPages: 3 },
			answer: numberedList(100_000, () => ({ last_page: 10_000 })),
			asked: ['1 10', '2 10', '3 10'],
			pages: [
				[1, 10, '2'],
				[11, 20, '3'],
				[21, 30, '4'],
			],
			end: { kind: 'budget', next: '4' },
		},
	],
	[
		'page: from a page number',
		{
			read: { ...PAGE, from: '3' },
			answer: numberedList(350, lastPage(350)),
			asked: ['3 100', '4 100'],
			pages: [
				[201, 300, '4'],
				[301, 350, undefined],
			],
		},
	],
	[
		'page: the same records as a page before (a service that ignores ?page) end the read, not yielded twice',
		{
			read: PAGE,
			answer: () => ({ data: ids(1, 2), last_page: 100_000 }),
			asked: ['1 100', '2 100'],
			pages: [[1, 2, '2']],
			end: {
				kind: 'repeated',
				message:
					'The service answered page 2 of /api/user/list with the same records as page 1, so reading stopped instead of returning them twice: it seems to ignore the paging parameters',
			},
		},
	],
	[
		'page: a caller that chooses a page read before ends the read',
		{
			read: { ...PAGE, choose: (_page, read) => (read < 2 ? '5' : '1') },
			answer: numberedList(1000, lastPage(1000)),
			asked: ['1 100', '5 100'],
			pages: [
				[1, 100, '2'],
				[401, 500, '6'],
			],
			end: {
				kind: 'repeated',
				message:
					'The service gave page 2 of /api/user/list the same next page as the position the read started at, so reading stopped instead of returning the same records again',
			},
		},
	],
];

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
