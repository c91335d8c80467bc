/**
 * The table of the service's documented limits and the nodes' own bounds, written into
 * docs/BEHAVIOUR.md between `<!-- limits:begin -->` and `<!-- limits:end -->` from the constants
 * that own them, so no document states a number by hand (the README and the other pages link here).
 */
import {
	DEFAULT_REQUEST_TIMEOUT_SECONDS,
	DOCUMENTED_GENERAL_LIMITS,
	DOCUMENTED_RATE_LIMITS,
	MAX_CARRIED_JOURNAL_CHARS,
	MAX_JOURNAL_BYTES,
	MAX_LIST_PAGES,
	MAX_LIST_RECORDS,
	MAX_PAGE_SIZE,
	MAX_RATE_LIMIT_WAIT_MS,
	MAX_REDIRECTS,
	MAX_WHOLE_ANSWER_CHARS,
	REMEMBERED_ANSWER_TTL_MS,
} from '../../nodes/shared/transport/constants';
import { MAX_PARALLEL_REQUESTS } from '../../nodes/Famulor/actions/concurrency';
import {
	DEDUPE_MAX_ENTRIES,
	DEDUPE_WINDOW_MS,
	RECEIPT_TOLERANCE_MS,
} from '../../nodes/FamulorTrigger/dedupe';
import { INBOUND_BUDGET_MS } from '../../sandbox/domain/calls/inboundRequest';
import { replaceBlock } from './blocks';

export const LIMITS_BEGIN = '<!-- limits:begin -->';
export const LIMITS_END = '<!-- limits:end -->';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const MIB = 1024 * 1024;

const count = (value: number): string => value.toLocaleString('en-US');

/** "1 second", "10 seconds", "a minute", "5 minutes", "24 hours". */
export function duration(ms: number): string {
	const [size, unit] =
		ms % HOUR === 0
			? [ms / HOUR, 'hour']
			: ms % MINUTE === 0
				? [ms / MINUTE, 'minute']
				: [ms / SECOND, 'second'];
	return `${count(size)} ${unit}${size === 1 ? '' : 's'}`;
}

/** "100 per minute", "20 per 10 seconds". */
export function rate(window: { limit: number; windowMs: number }): string {
	const per = duration(window.windowMs).replace(/^1 /, '');
	return `${count(window.limit)} per ${per}`;
}

const SERVICE = 'Famulor (documented)';
const NODES = 'the nodes';

export function buildLimitsTable(): string {
	const rows: Array<[string, string, string]> = [
		['All requests of an API token', DOCUMENTED_GENERAL_LIMITS.map(rate).join(', and '), SERVICE],
		['AI Reply → Generate', rate(DOCUMENTED_RATE_LIMITS.generateReply), SERVICE],
		[
			'WhatsApp messages (free-form and template)',
			rate(DOCUMENTED_RATE_LIMITS.sendFreeform),
			SERVICE,
		],
		['Answer to an Inbound Call event', `within about ${duration(INBOUND_BUDGET_MS)}`, SERVICE],
		['Longest wait for a rate limit before an item fails', duration(MAX_RATE_LIMIT_WAIT_MS), NODES],
		[
			'Request timeout (credential default)',
			duration(DEFAULT_REQUEST_TIMEOUT_SECONDS * SECOND),
			NODES,
		],
		[
			'Parallel requests (version 2 default for reads, and the most)',
			count(MAX_PARALLEL_REQUESTS),
			NODES,
		],
		[
			'Return All',
			`${count(MAX_LIST_PAGES)} pages of ${count(MAX_PAGE_SIZE)} (${count(MAX_LIST_RECORDS)} records)`,
			NODES,
		],
		['Same-host redirects followed (reads and settings)', count(MAX_REDIRECTS), NODES],
		[
			'Answers remembered for Retry On Fail',
			`${duration(REMEMBERED_ANSWER_TTL_MS)}, ${count(MAX_JOURNAL_BYTES / MIB)} MiB per n8n process`,
			NODES,
		],
		[
			"Answers carried in a failed execution's data (for Retry)",
			`${count(MAX_CARRIED_JOURNAL_CHARS / MIB)} MiB per node; an answer over ${count(MAX_WHOLE_ANSWER_CHARS)} characters keeps its IDs only`,
			NODES,
		],
		[
			"A read receipt's `timestamp` from the server's clock",
			`at most ${duration(RECEIPT_TOLERANCE_MS)}`,
			NODES,
		],
		[
			'Deliveries remembered against duplicates',
			`${duration(DEDUPE_WINDOW_MS)}, at most ${count(DEDUPE_MAX_ENTRIES)} per trigger`,
			NODES,
		],
	];
	// Prettier would align the columns, which the generator does not; the block is left to it.
	return [
		LIMITS_BEGIN,
		'<!-- prettier-ignore-start -->',
		'| What | Limit | Set by |',
		'| --- | --- | --- |',
		...rows.map((cells) => `| ${cells.join(' | ')} |`),
		'<!-- prettier-ignore-end -->',
		LIMITS_END,
	].join('\n');
}

export function withLimits(doc: string, table: string): string {
	return replaceBlock(doc, LIMITS_BEGIN, LIMITS_END, table, 'docs/BEHAVIOUR.md');
}
