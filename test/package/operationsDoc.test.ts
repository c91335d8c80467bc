/**
 * docs/OPERATIONS.md, the README's operations overview, SERVICE-NOTES' sandbox options and BEHAVIOUR's
 * limits are generated from the code (npm run docs); a change to an operation's fields, texts, effect
 * or endpoint, or to a limit, that is not regenerated fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { buildOperationsReference } from '../../scripts/docs/operationsReference';
import {
	OVERVIEW_BEGIN,
	OVERVIEW_END,
	VERSION_1_HEADING,
	buildOperationsOverview,
	withOverview,
} from '../../scripts/docs/readmeOverview';
import { buildSandboxOptionsTable, withSandboxOptions } from '../../scripts/docs/sandboxOptions';
import { buildLimitsTable, duration, rate, withLimits } from '../../scripts/docs/limits';
import { DOCUMENTED_GENERAL_LIMITS } from '../../nodes/shared/transport/constants';
import {
	POLLING_COST_BEGIN,
	buildPollingCost,
	withPollingCost,
} from '../../scripts/docs/pollingCost';
import { BEYOND_DOCS_OPTIONS } from '../../sandbox/model/beyondDocs';

const OPERATIONS_DOC = join(__dirname, '..', '..', 'docs', 'OPERATIONS.md');
const README = join(__dirname, '..', '..', 'README.md');
const SERVICE_NOTES = join(__dirname, '..', '..', 'docs', 'SERVICE-NOTES.md');
const BEHAVIOUR = join(__dirname, '..', '..', 'docs', 'BEHAVIOUR.md');
const DEVELOPING = join(__dirname, '..', '..', 'docs', 'DEVELOPING.md');
const CHANGELOG = join(__dirname, '..', '..', 'CHANGELOG.md');

let reference: string;

beforeAll(async () => {
	reference = await buildOperationsReference();
}, 120_000);

test('the committed docs/OPERATIONS.md is what npm run docs writes today', () => {
	expect(readFileSync(OPERATIONS_DOC, 'utf8')).toBe(reference);
});

test('it documents every operation with its endpoint, as each version sends it', () => {
	expect(reference).not.toContain('none observed');
	expect(reference).toContain('- Endpoint: `POST /api/user/make_call`');
	expect(reference).toContain('- Endpoint (version 1): `POST /api/ai/generate-reply`');
	expect(reference).toContain('- Endpoint (version 2): `POST /api/user/ai/generate-reply`');
	expect(reference).toContain('`DELETE /api/user/calls/{callId}`');
});

test("the README's operations overview is what npm run docs writes today", () => {
	const readme = readFileSync(README, 'utf8');
	expect(readme).toBe(withOverview(readme, buildOperationsOverview()));
	const [current, versionOne] = readme
		.slice(readme.indexOf(OVERVIEW_BEGIN), readme.indexOf(OVERVIEW_END))
		.split(VERSION_1_HEADING);
	expect(current).toContain('- **Call**: Delete, Get, Get Many, Make\n');
	expect(versionOne).toContain('- **Call**: Make\n');
	expect(versionOne).toContain('- **Assistant**: Create, Disable Webhook, Enable Inbound Webhook,');
	expect(versionOne).not.toContain('**SMS**');
	expect(readme).not.toContain('(v1)');
});

test("SERVICE-NOTES' table of the sandbox's options beyond the docs is what npm run docs writes today", () => {
	const notes = readFileSync(SERVICE_NOTES, 'utf8');
	expect(notes).toBe(withSandboxOptions(notes, buildSandboxOptionsTable()));
	for (const name of BEYOND_DOCS_OPTIONS) expect(notes).toContain(`| \`${name}\` |`);
});

test("BEHAVIOUR's table of limits is what npm run docs writes today, from the constants", () => {
	const behaviour = readFileSync(BEHAVIOUR, 'utf8');
	expect(behaviour).toBe(withLimits(behaviour, buildLimitsTable()));
	const [sustained, burst] = DOCUMENTED_GENERAL_LIMITS;
	expect(behaviour).toContain(
		`| All requests of an API token | ${rate(sustained)}, and ${rate(burst)} |`,
	);
});

test.each([
	[1_000, '1 second'],
	[10_000, '10 seconds'],
	[60_000, '1 minute'],
	[5 * 60_000, '5 minutes'],
	[24 * 3_600_000, '24 hours'],
])('the limits table writes %i ms as "%s"', (ms, text) => {
	expect(duration(ms)).toBe(text);
});

test.each([
	[{ limit: 100, windowMs: 60_000 }, '100 per minute'],
	[{ limit: 20, windowMs: 10_000 }, '20 per 10 seconds'],
	[{ limit: 5, windowMs: 1_000 }, '5 per second'],
])('the limits table writes a window of %o as "%s"', (window, text) => {
	expect(rate(window)).toBe(text);
});

test('no Markdown file outside the generated blocks restates the general limit', () => {
	const restated = /100 (requests )?(a|per) minute|100\/min|20 per 10/;
	for (const doc of [README, SERVICE_NOTES, BEHAVIOUR, DEVELOPING, CHANGELOG]) {
		const text = readFileSync(doc, 'utf8').replace(
			/<!-- (\w|-)+:begin -->[\s\S]*?<!-- (\w|-)+:end -->/g,
			'',
		);
		expect(text).not.toMatch(restated);
	}
});

test("the README's polling cost table is what npm run docs writes today, from the trigger's constants", () => {
	const readme = readFileSync(README, 'utf8');
	expect(readme).toBe(withPollingCost(readme, buildPollingCost()));
	const block = readme.slice(readme.indexOf(POLLING_COST_BEGIN));
	// 5,000 records at the default 4 pages: 51 pages, the first each poll, 50 more 4 at a time.
	expect(block).toContain('| 5,000 | 4 | 5 | 13 |');
	expect(block).toContain('| 100 | 4 | 1 | 1 |');
});
