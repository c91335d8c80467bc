/**
 * docs/OPERATIONS.md and the README's operations overview are generated from the code (npm run docs);
 * a change to an operation's fields, texts, effect or endpoint that is not regenerated fails here.
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
import {
	POLLING_COST_BEGIN,
	buildPollingCost,
	withPollingCost,
} from '../../scripts/docs/pollingCost';
import { BEYOND_DOCS_OPTIONS } from '../../sandbox/model/beyondDocs';

const OPERATIONS_DOC = join(__dirname, '..', '..', 'docs', 'OPERATIONS.md');
const README = join(__dirname, '..', '..', 'README.md');
const SERVICE_NOTES = join(__dirname, '..', '..', 'docs', 'SERVICE-NOTES.md');

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

test("the README's polling cost table is what npm run docs writes today, from the trigger's constants", () => {
	const readme = readFileSync(README, 'utf8');
	expect(readme).toBe(withPollingCost(readme, buildPollingCost()));
	const block = readme.slice(readme.indexOf(POLLING_COST_BEGIN));
	// 5,000 records at the default 4 pages: 51 pages, the first each poll, 50 more 4 at a time.
	expect(block).toContain('| 5,000 | 4 | 5 | 13 |');
	expect(block).toContain('| 100 | 4 | 1 | 1 |');
});
