/**
 * The one paginator (pages.ts) over a cursor list: next_cursor to its end, each page asking for what
 * is still wanted, an empty page or cursor ending the list, a read from a position within the page
 * budget, and the guard that ends a read on a next cursor given before, the pages read standing.
 * The rows run in listPagesTable.ts.
 */
import type { RecordedRequest } from '../helpers/scriptedServer';
import { describeListPages, ids, type Row } from './listPagesTable';

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

const CURSOR = { paging: 'cursor', perPage: 100, maxPages: 10 } as const;

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
];

describeListPages(table);
