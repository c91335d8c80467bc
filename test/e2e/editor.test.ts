/**
 * The n8n editor (each matrix entry) in Debian's chromium (playwright-core): log in, add the Famulor AI
 * Trigger and the Famulor AI action node through the node search, open their parameter panels, check
 * the icons, the sandbox assistants in the picker and the resource/operation options. Its pictures go
 * under test-results/; the README's are taken by screenshots.test.ts.
 * Written against the editor's test ids, not its labels, which change between versions.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { ENTRY, ON_N8N, type N8nServer } from '../../harness/cluster';
import { openEditor, type Editor } from './helpers/editor';

const ARTIFACTS = join(__dirname, '..', '..', 'test-results', 'editor', ENTRY.id);
const ICON_PATH = '/icons/n8n-nodes-famulor-ai/';

let editor: Editor;
let server: N8nServer;
let page: Page;

const byTestId = (id: string) => page.locator(`[data-test-id="${id}"]`);

interface OptionsProperty {
	name: string;
	options?: Array<{ name: string }>;
	displayOptions?: { show?: { resource?: string[] } };
}

/** The option names of a property of the action node's default version, from the built package under test. */
function optionNames(property: string, resource?: string): string[] {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { Famulor } = require(
		join(__dirname, '..', '..', 'dist', 'nodes', 'Famulor', 'Famulor.node.js'),
	) as {
		Famulor: new () => {
			description: { defaultVersion: number };
			nodeVersions: Record<number, { description: { properties: OptionsProperty[] } }>;
		};
	};
	const node = new Famulor();
	const found = node.nodeVersions[node.description.defaultVersion].description.properties.find(
		(entry) =>
			entry.name === property &&
			(resource === undefined || (entry.displayOptions?.show?.resource ?? []).includes(resource)),
	);
	if (!found?.options)
		throw new Error(
			`the action node has no options property "${property}"${resource ? ` for ${resource}` : ''}`,
		);
	return found.options.map((option) => option.name);
}

/** Texts of the options of the dropdown that is open now. */
async function openDropdownOptions(): Promise<string[]> {
	const options = page.locator('.el-select-dropdown__item:visible, [role="option"]:visible');
	await options.first().waitFor();
	return (await options.allInnerTexts())
		.map((text) => text.split('\n')[0].trim())
		.filter((text) => text !== '');
}

const closeNdv = async () => await editor.closeNdv();

/** Lets tooltips and dropdown transitions finish before a screenshot. */
async function settle(): Promise<void> {
	await page.mouse.move(5, 890);
	await page.waitForTimeout(700);
}

/** Opens the panel's first resource locator's list and picks the entry that shows `name`. */
async function pickFromList(name: string): Promise<void> {
	await byTestId('rlc-input').first().click();
	const entry = page.getByText(name, { exact: false }).first();
	await entry.waitFor();
	await entry.click();
}

async function searchNodeCreator(term: string): Promise<void> {
	const search = page
		.locator(
			'[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]',
		)
		.first();
	await search.waitFor();
	await search.fill(term);
}

beforeAll(async () => {
	mkdirSync(ARTIFACTS, { recursive: true });
	editor = await openEditor(900);
	({ server, page } = editor);
}, 180_000);

afterAll(async () => await editor?.close());

afterEach(async () => await editor?.keepLastState(ARTIFACTS));

test(`${ON_N8N}: the owner logs in through the sign-in form`, async () => {
	await editor.signIn();
	await page.goto(`${server.url}/workflow/new`);
	await byTestId('canvas-add-button').waitFor();
});

test(`${ON_N8N}: the trigger: found by the node search, with our icon; its panel lists the sandbox assistants`, async () => {
	await byTestId('canvas-add-button').click();
	await searchNodeCreator('Famulor');
	const item = byTestId('node-creator-item-name').filter({ hasText: /^Famulor AI$/ });
	await item.first().waitFor();
	const icon = page.locator(`img[src*="${ICON_PATH}"]`).first();
	await icon.waitFor();
	const iconUrl = new URL((await icon.getAttribute('src')) ?? '', server.url).href;
	const iconResponse = await fetch(iconUrl);
	expect(iconResponse.status).toBe(200);
	expect(await iconResponse.text()).toContain('<svg');

	await item.first().click();
	await page.getByText('On call completed', { exact: true }).click();
	const ndv = byTestId('ndv');
	await ndv.waitFor();
	await byTestId('parameter-input-event').waitFor();
	await expect(byTestId('node-title-container').innerText()).resolves.toContain(
		'Famulor AI Trigger',
	);
	await byTestId('parameter-input-event').waitFor();
	await expect(editor.inputValue('event')).resolves.toBe('Call Completed');

	// The assistant picker asks the sandbox (listSearch through the imported credential).
	await pickFromList('Sales Outreach');
	await byTestId('parameter-input-event').click();
	expect(await openDropdownOptions()).toEqual([
		'Call Completed',
		'Conversation Ended',
		'Inbound Call',
		'Mid-Call Tool',
		'WhatsApp Message Status',
	]);
	await page.keyboard.press('Escape');
	await settle();
	await page.screenshot({ path: join(ARTIFACTS, 'trigger-node.png') });

	await closeNdv();
	await expect(
		page.locator(`[data-test-id="canvas-node"] img[src*="${ICON_PATH}"]`).count(),
	).resolves.toBe(1);
});

test(`${ON_N8N}: the action node: added after the trigger through the node search, with its resources and operations`, async () => {
	await byTestId('canvas-handle-plus').first().click();
	await searchNodeCreator('Famulor');
	await byTestId('node-creator-item-name')
		.filter({ hasText: /^Famulor AI$/ })
		.first()
		.click();
	await page.getByText('Make a billed call', { exact: true }).click();
	const ndv = byTestId('ndv');
	await ndv.waitFor();
	await byTestId('parameter-input-resource').waitFor();
	await expect(editor.inputValue('resource')).resolves.toBe('Call');
	await expect(editor.inputValue('operation')).resolves.toBe('Make');
	await pickFromList('Sales Outreach');
	await byTestId('parameter-input-phoneNumber')
		.locator('input, textarea')
		.first()
		.fill('+4915112345678');
	await byTestId('parameter-input-phoneNumber').locator('input, textarea').first().blur(); // hides the input's tip
	await settle();
	await page.screenshot({ path: join(ARTIFACTS, 'action-node.png') });

	await byTestId('parameter-input-resource').click();
	// n8n itself appends "Custom API Call" to nodes whose credential authenticates generically.
	expect(await openDropdownOptions()).toEqual([...optionNames('resource'), 'Custom API Call']);
	await page
		.getByRole('option', { name: 'WhatsApp' })
		.or(page.locator('.el-select-dropdown__item:visible', { hasText: 'WhatsApp' }))
		.first()
		.click();
	await page
		.locator('.el-select-dropdown__item', { hasText: 'Knowledge Base' })
		.first()
		.waitFor({ state: 'hidden' });
	await expect(editor.inputValue('resource')).resolves.toBe('WhatsApp');
	await byTestId('parameter-input-operation').click();
	expect(await openDropdownOptions()).toEqual([
		...optionNames('operation', 'whatsApp'),
		'Custom API Call',
	]);
	await page.keyboard.press('Escape');

	await closeNdv();
	await expect(
		page.locator(`[data-test-id="canvas-node"] img[src*="${ICON_PATH}"]`).count(),
	).resolves.toBe(2);
	await page.screenshot({ path: join(ARTIFACTS, 'canvas.png') });
});
