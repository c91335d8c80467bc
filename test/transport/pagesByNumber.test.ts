/**
 * The one paginator (pages.ts) over a page-number list, by each documented shape (last_page; total
 * and per_page; next_page_url; a list answered whole): the pages a read asks for, from a page number,
 * where the page budget stops it (the next page named), and the guard that ends a read on the same
 * records as a page before or on a page read before. The rows run in listPagesTable.ts.
 */
import type { RecordedRequest } from '../helpers/scriptedServer';
import { describeListPages, ids, type Row } from './listPagesTable';

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

const PAGE = { paging: 'page', perPage: 100, maxPages: 10 } as const;

const table: Array<[string, Row]> = [
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

describeListPages(table);
