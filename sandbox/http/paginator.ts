/** Laravel's full length-aware paginator body (https://docs.famulor.de/en/api-reference/calls/list), with its links window. */

interface PageLink {
	url: string | null;
	label: string;
	active: boolean;
}

/** Laravel's UrlWindow with onEachSide 3: every page up to 13 pages, else the start, a slider and the end with "..." between. */
function pageWindow(current: number, last: number): Array<number | '...'> {
	const range = (from: number, to: number): number[] =>
		Array.from({ length: to - from + 1 }, (_, i) => from + i);
	const onEachSide = 3;
	const window = onEachSide + 4;
	if (last < onEachSide * 2 + 8) return range(1, last);
	if (current <= window) return [...range(1, window + onEachSide), '...', last - 1, last];
	if (current > last - window)
		return [1, 2, '...', ...range(last - (window + onEachSide - 1), last)];
	return [1, 2, '...', ...range(current - onEachSide, current + onEachSide), '...', last - 1, last];
}

/** One page of `items` (already filtered and ordered); `path` is the endpoint's absolute URL without a query. */
export function laravelPage<T>(
	items: T[],
	page: number,
	perPage: number,
	path: string,
): Record<string, unknown> {
	const total = items.length;
	const last = Math.max(1, Math.ceil(total / perPage));
	const data = items.slice((page - 1) * perPage, page * perPage);
	const url = (n: number): string => `${path}?page=${n}`;
	const prev = page > 1 ? url(page - 1) : null;
	const next = page < last ? url(page + 1) : null;
	const links: PageLink[] = [
		{ url: prev, label: '&laquo; Previous', active: false },
		...pageWindow(page, last).map((n) =>
			n === '...'
				? { url: null, label: '...', active: false }
				: { url: url(n), label: String(n), active: n === page },
		),
		{ url: next, label: 'Next &raquo;', active: false },
	];
	const from = data.length > 0 ? (page - 1) * perPage + 1 : null;
	return {
		current_page: page,
		data,
		first_page_url: url(1),
		from,
		last_page: last,
		last_page_url: url(last),
		links,
		next_page_url: next,
		path,
		per_page: perPage,
		prev_page_url: prev,
		to: from === null ? null : from + data.length - 1,
		total,
	};
}
