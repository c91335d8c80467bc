/**
 * Return All and Limit of the list operations (pagination.ts) over page numbers and cursors: the
 * pages asked for and their size, the filters on every page, what is kept when a cursor or page
 * repeats, and the error past the most pages one run reads. Through n8n-core to a scripted server.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	MAX_PAGE_SIZE,
	pageNumberPages,
	requestCursorList,
	requestPageNumberList,
} from '../../nodes/shared/transport';
import { withRequestContext } from '../../harness/engine';
import type { ScriptedServer } from '../helpers/scriptedServer';
import { credentials, server, useScriptedTransport } from './scriptedTransport';

useScriptedTransport();

describe('pagination', () => {
	function pageServer(total: number) {
		server.fallback = (request) => {
			const perPage = Number(request.query.per_page);
			const page = Number(request.query.page);
			const data = Array.from({ length: total }, (_, index) => ({ id: index + 1 })).slice(
				(page - 1) * perPage,
				page * perPage,
			);
			return {
				status: 200,
				body: {
					data,
					current_page: page,
					per_page: perPage,
					total,
					last_page: Math.max(1, Math.ceil(total / perPage)),
				},
			};
		};
	}

	function cursorServer(total: number) {
		server.fallback = (request) => {
			const perPage = Number(request.query.per_page);
			const offset = request.query.cursor
				? Number(Buffer.from(request.query.cursor, 'base64').toString())
				: 0;
			const data = Array.from(
				{ length: Math.min(perPage, Math.max(0, total - offset)) },
				(_, index) => ({ id: offset + index + 1 }),
			);
			const next =
				offset + perPage < total ? Buffer.from(String(offset + perPage)).toString('base64') : null;
			return {
				status: 200,
				body: {
					data,
					path: '/api/user/conversations',
					per_page: perPage,
					next_cursor: next,
					prev_cursor: null,
				},
			};
		};
	}

	it('Return All follows page numbers to the last page with the largest page size', async () => {
		pageServer(250);
		const records = await withRequestContext(credentials, async function () {
			return await requestPageNumberList.call(this, {
				path: '/api/user/assistants/get',
				limit: Infinity,
			});
		});
		expect(records).toHaveLength(250);
		expect(records[249]).toEqual({ id: 250 });
		expect(server.requests.map((request) => request.query)).toEqual([
			{ per_page: String(MAX_PAGE_SIZE), page: '1' },
			{ per_page: String(MAX_PAGE_SIZE), page: '2' },
			{ per_page: String(MAX_PAGE_SIZE), page: '3' },
		]);
	});

	it('Limit stops early on page numbers', async () => {
		pageServer(250);
		const records = await withRequestContext(credentials, async function () {
			return await requestPageNumberList.call(this, { path: '/api/user/assistants/get', limit: 7 });
		});
		expect(records).toHaveLength(7);
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0].query.per_page).toBe('7');
	});

	it('Return All follows cursors and passes filters on every page', async () => {
		cursorServer(230);
		const records = await withRequestContext(credentials, async function () {
			return await requestCursorList.call(this, {
				path: '/api/user/conversations',
				qs: { type: 'api' },
				limit: Infinity,
			});
		});
		expect(records.map((record) => record.id)).toEqual(
			Array.from({ length: 230 }, (_, index) => index + 1),
		);
		expect(server.requests).toHaveLength(3);
		expect(
			server.requests.every(
				(request) => request.query.type === 'api' && request.query.per_page === '100',
			),
		).toBe(true);
		expect(server.requests[0].query.cursor).toBeUndefined();
	});

	it('Limit stops early on cursors, asking only for what is still wanted', async () => {
		cursorServer(500);
		const records = await withRequestContext(credentials, async function () {
			return await requestCursorList.call(this, { path: '/api/user/conversations', limit: 150 });
		});
		expect(records).toHaveLength(150);
		expect(server.requests.map((request) => request.query.per_page)).toEqual(['100', '50']);
	});

	it.each<[string, typeof requestCursorList, string, ScriptedServer['fallback']]>([
		[
			'what it read on a repeated cursor instead of looping or returning the same records again',
			requestCursorList,
			'/api/user/conversations',
			(request) => ({
				status: 200,
				body: {
					data: [{ id: request.query.cursor === undefined ? 1 : 2 }],
					next_cursor: 'same',
					prev_cursor: null,
				},
			}),
		],
		[
			'the first page when a page repeats (a service that ignores ?page) instead of yielding duplicates',
			requestPageNumberList,
			'/api/user/leads',
			() => ({
				status: 200,
				body: { data: [{ id: 1 }, { id: 2 }], current_page: 1, last_page: 100_000 },
			}),
		],
	])('keeps %s', async (_case, readList, path, answer) => {
		server.fallback = answer;
		const records = await withRequestContext(credentials, async function () {
			return await readList.call(this, { path, limit: Infinity });
		});
		expect(server.requests).toHaveLength(2);
		expect(records).toEqual([{ id: 1 }, { id: 2 }]);
	});

	it("the trigger's page-by-page lookups keep the pages read before a repeated page, and end there", async () => {
		server.fallback = () => ({
			status: 200,
			body: { data: [{ id: 1 }, { id: 2 }], current_page: 1, last_page: 100_000 },
		});
		const pages = await withRequestContext(credentials, async function () {
			const read: IDataObject[][] = [];
			for await (const page of pageNumberPages.call(this, { path: '/api/user/leads', perPage: 2 }))
				read.push(page);
			return read;
		});
		expect(server.requests).toHaveLength(2);
		expect(pages).toEqual([[{ id: 1 }, { id: 2 }]]);
	});

	it('Return All stops with an error after 500 pages (50,000 records), however many pages the service reports', async () => {
		server.fallback = (request) => ({
			status: 200,
			body: { data: [{ id: Number(request.query.page) }], last_page: 100_000 },
		});
		const error = await withRequestContext(credentials, async function () {
			return await requestPageNumberList.call(this, { path: '/api/user/calls', limit: Infinity });
		}).catch((caught: Error) => caught);
		expect(server.requests).toHaveLength(500);
		expect((error as Error).message).toBe(
			"The list /api/user/calls has more than 500 pages (50,000 records), the most one run reads: narrow it with the operation's filters, or turn off Return All and set a Limit",
		);
	});
});
