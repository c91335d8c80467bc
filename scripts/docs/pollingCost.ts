/**
 * The README's table of what the polling trigger's sweep costs per account size, written between
 * `<!-- polling-cost:begin -->` and `<!-- polling-cost:end -->` from the trigger's constants and
 * sweepCost (harness/pollingCost.ts), their one owner.
 */
import {
	DEFAULT_PAGES_PER_POLL,
	FIRST_CYCLE_PAGES_PER_POLL,
	FIRST_POLL_MAX_PAGES,
	MAX_SWEEP_PAGES_PER_POLL,
	POLL_PAGE_SIZE,
} from '../../nodes/FamulorPollTrigger/constants';
import { firstCycleCost, sweepCost } from '../../harness/pollingCost';
import { DOCUMENTED_GENERAL_LIMITS } from '../../nodes/shared/transport/constants';
import { replaceBlock } from './blocks';

export const POLLING_COST_BEGIN = '<!-- polling-cost:begin -->';
export const POLLING_COST_END = '<!-- polling-cost:end -->';

/** Account sizes the table shows: conversations (of the filters) or leads (of the campaign). */
const ACCOUNT_SIZES = [100, 1_000, 2_000, 5_000, 20_000, 100_000];

/** Account sizes the first poll's table shows (bench case 9 measures them). */
const FIRST_POLL_SIZES = [5_000, 50_000];

const count = (n: number): string => n.toLocaleString('en-US');

export function buildPollingCost(): string {
	const row = (records: number, pages: number): string => {
		const { idleRequests, pollsPerCycle } = sweepCost(records, pages, POLL_PAGE_SIZE);
		return `| ${count(records)} | ${pages} | ${idleRequests} | ${count(pollsPerCycle)} |`;
	};
	return [
		POLLING_COST_BEGIN,
		'<!-- prettier-ignore-start -->',
		`New WhatsApp Message, New Chat Message and Lead Status Changed read the list's first page (${POLL_PAGE_SIZE} records, where new ones appear) each poll, then _Pages Per Poll_ older pages (default ${DEFAULT_PAGES_PER_POLL}, at most ${MAX_SWEEP_PAGES_PER_POLL}) from where the last poll stopped. A change in any record is emitted within the polls below (times the poll interval); an idle poll costs the requests below, of the account's ${DOCUMENTED_GENERAL_LIMITS[0].limit} a minute.`,
		'',
		'| Records | Pages Per Poll | Requests per idle poll | Polls until the oldest is looked at |',
		'| --- | --- | --- | --- |',
		...ACCOUNT_SIZES.map((records) => row(records, DEFAULT_PAGES_PER_POLL)),
		row(100_000, MAX_SWEEP_PAGES_PER_POLL),
		'',
		`The first poll reads at most ${FIRST_POLL_MAX_PAGES} pages; on a longer list the next polls read the first page and ${FIRST_CYCLE_PAGES_PER_POLL} more each until every record was seen once, meanwhile emitting only changes of records it remembers ([why](docs/BEHAVIOUR.md#what-a-poll-reads)):`,
		'',
		"| Records | First poll's requests | Polls to learn the list | Requests in all |",
		'| --- | --- | --- | --- |',
		...FIRST_POLL_SIZES.map((records) => {
			const cost = firstCycleCost(
				records,
				FIRST_POLL_MAX_PAGES,
				FIRST_CYCLE_PAGES_PER_POLL,
				POLL_PAGE_SIZE,
			);
			return `| ${count(records)} | ${cost.firstPollRequests} | ${cost.polls} | ${count(cost.requests)} |`;
		}),
		'<!-- prettier-ignore-end -->',
		POLLING_COST_END,
	].join('\n');
}

/** `readme` with its polling cost block replaced by `block`. */
export function withPollingCost(readme: string, block: string): string {
	return replaceBlock(readme, POLLING_COST_BEGIN, POLLING_COST_END, block, 'README.md');
}
