/**
 * What the polling trigger's reads cost on a list of a given length: the arithmetic of its sweep
 * (nodes/FamulorPollTrigger/sweep.ts) that the README's polling cost table shows (scripts/docs),
 * the benchmark measures (bench case 9) and the tests check against real polls.
 */

/** What sweeping a list of `records` costs, `pagesPerPoll` older pages a poll (the README's table). */
export function sweepCost(
	records: number,
	pagesPerPoll: number,
	pageSize: number,
): { idleRequests: number; pollsPerCycle: number } {
	const pages = Math.max(1, Math.ceil(records / pageSize));
	return {
		idleRequests: Math.min(pages, 1 + pagesPerPoll),
		// The first page is read every poll; the others once per cycle, pagesPerPoll at a time.
		pollsPerCycle: Math.max(1, Math.ceil((pages - 1) / pagesPerPoll)),
	};
}

/**
 * What learning a list of `records` costs: the first poll reads up to `firstPollPages` pages; until
 * the first cycle completes, each poll after it reads the first page and `laterPages` more from where
 * the last one stopped (the README's table, bench case 9).
 */
export function firstCycleCost(
	records: number,
	firstPollPages: number,
	laterPages: number,
	pageSize: number,
): { firstPollRequests: number; polls: number; requests: number } {
	const pages = Math.max(1, Math.ceil(records / pageSize));
	const firstPollRequests = Math.min(pages, firstPollPages);
	const laterPolls = Math.ceil((pages - firstPollRequests) / laterPages);
	// Each later poll reads the first page again.
	return { firstPollRequests, polls: 1 + laterPolls, requests: pages + laterPolls };
}
