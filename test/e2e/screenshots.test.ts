/**
 * The parameter panels the README shows, as a user sees them in the editor with the service's lists
 * behind their pickers: the action node (version 2) on Call → Make and on WhatsApp → Send Template
 * Message (its variables loaded from the chosen template), the webhook trigger on Mid-Call Tool and
 * the polling trigger on New WhatsApp Message; Assistant → Create is checked too. On the newest n8n
 * the README's pictures go to docs/screenshots/ (run this after a node's parameters change, and
 * commit them); the rest, and every picture on the other versions, under test-results/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { NEWEST } from '../../runtime';
import { ENTRY, ON_N8N, type N8nServer } from '../../harness/cluster';
import { panelsWorkflow, PANELS_WORKFLOW_ID } from '../../harness/panelsWorkflow';
import { openEditor, type Editor } from './helpers/editor';

const ARTIFACTS = join(__dirname, '..', '..', 'test-results', 'screenshots', ENTRY.id);
const SCREENSHOTS =
	ENTRY === NEWEST ? join(__dirname, '..', '..', 'docs', 'screenshots') : ARTIFACTS;

let editor: Editor;
let server: N8nServer;
let page: Page;

const byTestId = (id: string) => page.locator(`[data-test-id="${id}"]`);

/** Opens a node's parameter panel by double-clicking it on the canvas; `first` is its first parameter. */
async function openNode(name: string, first = 'resource'): Promise<void> {
	await byTestId('canvas-node').filter({ hasText: name }).first().dblclick();
	await byTestId('ndv').waitFor();
	await byTestId(`parameter-input-${first}`).waitFor();
}

/** Moves the pointer off the panel and lets tooltips and transitions finish, then shoots the page. */
async function shoot(path: string): Promise<void> {
	await page.mouse.move(5, 990);
	await page.waitForTimeout(700);
	await page.screenshot({ path });
}

const panelValues = async (): Promise<string[]> =>
	await byTestId('ndv')
		.locator('input')
		.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

const closeNdv = async () => await editor.closeNdv();

const inputValue = async (parameter: string) => await editor.inputValue(parameter);

beforeAll(async () => {
	mkdirSync(SCREENSHOTS, { recursive: true });
	mkdirSync(ARTIFACTS, { recursive: true });
	editor = await openEditor(1000, {
		sandbox: { api: 'current' },
		workflows: [{ file: 'panels.json', workflow: panelsWorkflow() }],
	});
	({ server, page } = editor);
	await editor.signIn();
	await page.goto(`${server.url}/workflow/${PANELS_WORKFLOW_ID}`);
	await byTestId('canvas-node').first().waitFor({ timeout: 120_000 });
}, 300_000);

afterAll(async () => await editor?.close());

afterEach(async () => await editor?.keepLastState(ARTIFACTS));

test(`${ON_N8N}: Assistant → Create shows its pickers with the chosen language, voice and model`, async () => {
	await openNode('Create assistant');
	await expect(inputValue('resource')).resolves.toBe('Assistant');
	await expect(inputValue('operation')).resolves.toBe('Create');
	// The pickers show the names of the chosen language, voice and model, not bare IDs.
	expect(await panelValues()).toEqual(
		expect.arrayContaining(['German', 'Anna (German, female)', 'gpt-4o-mini', 'Reminder Bot']),
	);
	await shoot(join(ARTIFACTS, 'assistant-create.png'));
	await closeNdv();
});

test(`${ON_N8N}: WhatsApp → Send Template Message shows the template's variables as fields`, async () => {
	await openNode('Send template');
	await expect(inputValue('resource')).resolves.toBe('WhatsApp');
	await expect(inputValue('operation')).resolves.toBe('Send Template Message');
	// The fields come from the sandbox: the variables of template 7101 (appointment_reminder).
	const panel = byTestId('ndv');
	for (const variable of ['customer_name', 'date', 'time'])
		await panel.getByText(variable, { exact: false }).first().waitFor();
	await shoot(join(SCREENSHOTS, 'whatsapp-template.png'));
	await closeNdv();
});

test(`${ON_N8N}: the action node on Call → Make shows the assistant picked from the list`, async () => {
	await openNode('Make call');
	await expect(inputValue('resource')).resolves.toBe('Call');
	await expect(inputValue('operation')).resolves.toBe('Make');
	expect(await panelValues()).toEqual(expect.arrayContaining(['Sales Outreach', '+4915112345678']));
	await shoot(join(SCREENSHOTS, 'action-node.png'));
	await closeNdv();
});

test(`${ON_N8N}: the webhook trigger on Mid-Call Tool shows the tool it publishes`, async () => {
	await openNode('Order status tool', 'event');
	await expect(inputValue('event')).resolves.toBe('Mid-Call Tool');
	await expect(inputValue('toolName')).resolves.toBe('get_order_status');
	await shoot(join(SCREENSHOTS, 'trigger-mid-call-tool.png'));
	await closeNdv();
});

test(`${ON_N8N}: the polling trigger on New WhatsApp Message shows the sender picked from the list`, async () => {
	await openNode('New WhatsApp message', 'event');
	await expect(inputValue('event')).resolves.toBe('New WhatsApp Message');
	expect(await panelValues()).toEqual(expect.arrayContaining(['Example Support (+4915112345671)']));
	await shoot(join(SCREENSHOTS, 'poll-trigger-whatsapp.png'));
	await closeNdv();
});
