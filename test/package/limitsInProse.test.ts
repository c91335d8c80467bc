/**
 * One owner per limit: the service's documented limits are stated by the table `npm run docs` writes
 * into docs/BEHAVIOUR.md from the constants (scripts/docs/limits.ts); a page that needs one links
 * there. This reads the prose of the README, docs/ and the sandbox's README (not the generated
 * blocks, code blocks or tables, where measurements record the limits they ran under) for a limit
 * written out again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { INBOUND_BUDGET_MS } from '../../sandbox/domain/calls/inboundRequest';
import {
	DOCUMENTED_GENERAL_LIMITS,
	DOCUMENTED_RATE_LIMITS,
} from '../../nodes/shared/transport/constants';

const ROOT = join(__dirname, '..', '..');
/** Generated whole by `npm run docs`. */
const GENERATED_PAGES = ['docs/OPERATIONS.md'];
const PAGES = [
	'README.md',
	'sandbox/README.md',
	...readdirSync(join(ROOT, 'docs'))
		.filter((file) => file.endsWith('.md'))
		.map((file) => `docs/${file}`),
].filter((page) => !GENERATED_PAGES.includes(page));

const SECOND = 1_000;

/** How prose may name a window's length: "minute", "60 s", "60000 ms", "second", … */
function windowWords(windowMs: number): string {
	const seconds = windowMs / SECOND;
	const words = [`${seconds} ?s(?:ec(?:ond)?s?)?`, `${windowMs.toLocaleString('en-US')} ?ms`];
	if (windowMs === 60 * SECOND) words.push('minute', 'min');
	if (windowMs === SECOND) words.push('second', 'sec', 's');
	return words.join('|');
}

/** Each documented limit as the ways prose writes it: "100 a minute", "5 per 1 s", "5/s", "a burst of 20". */
function limitPatterns(): RegExp[] {
	const rates = [...DOCUMENTED_GENERAL_LIMITS, ...Object.values(DOCUMENTED_RATE_LIMITS)];
	const seconds = INBOUND_BUDGET_MS / SECOND;
	const spelled = ['zero', 'one', 'two', 'three', 'four', 'five'][seconds] ?? String(seconds);
	return [
		...rates.map(
			({ limit, windowMs }) =>
				new RegExp(
					`\\b${limit}\\s*(?:requests?\\s+|sends?\\s+|messages?\\s+)?(?:per|a|an|every|each|in|/)\\s*(?:${windowWords(windowMs)})\\b`,
					'i',
				),
		),
		...DOCUMENTED_GENERAL_LIMITS.map(({ limit }) => new RegExp(`\\bburst of ${limit}\\b`, 'i')),
		new RegExp(`\\b(?:${seconds} ?s|${seconds} seconds|${spelled} seconds)\\b[^.]*\\banswer`, 'i'),
		new RegExp(`\\banswer[^.]*\\b(?:${seconds} ?s|${seconds} seconds|${spelled} seconds)\\b`, 'i'),
	];
}

/** The prose lines of a page: no generated block, code block or table row. */
function proseLines(text: string): Array<[number, string]> {
	const lines: Array<[number, string]> = [];
	let generated = false;
	let code = false;
	text.split('\n').forEach((line, index) => {
		if (/<!-- [\w-]+:begin -->/.test(line)) generated = true;
		if (line.trimStart().startsWith('```')) code = !code;
		else if (!generated && !code && !line.trimStart().startsWith('|'))
			lines.push([index + 1, line]);
		if (/<!-- [\w-]+:end -->/.test(line)) generated = false;
	});
	return lines;
}

function restatedLimits(page: string, text: string): string[] {
	const patterns = limitPatterns();
	return proseLines(text)
		.filter(([, line]) => patterns.some((pattern) => pattern.test(line)))
		.map(([number, line]) => `${page}:${number}: ${line.trim().slice(0, 100)}`);
}

describe('documented limits are stated once, in the generated table', () => {
	it('no page restates one in prose', () => {
		expect(PAGES.length).toBeGreaterThan(5);
		expect(
			PAGES.flatMap((page) => restatedLimits(page, readFileSync(join(ROOT, page), 'utf8'))),
		).toEqual([]);
	});

	it.each([
		["at the account's 100 a minute the burst takes two minutes", true],
		['100 per 60 s and at most 20 per 10 s', true],
		['generate-reply 5 requests per minute', true],
		['free-form sends, 5/s', true],
		['a burst of 20 would meet their window', true],
		['the workflow has about two seconds to answer', true],
		['a page holds 100 records', false],
		['the file is processed after 2 s', false],
		['| 50 sends, 5 per s | 9.3 s |', false],
		['<!-- limits:begin -->\n| 100 per minute |\n100 per minute\n<!-- limits:end -->', false],
		['```sh\n# 100 per minute\n```', false],
	])('finds %j: %s', (text, found) => {
		expect(restatedLimits('page.md', text).length > 0).toBe(found);
	});
});
