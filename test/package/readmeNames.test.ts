/**
 * The README as a new user meets it: both commands in its first sections, and the first workflow's
 * steps naming what the editor shows, word for word. The editor's names are computed from the node
 * descriptions as n8n computes them (test/helpers/nodePanel.ts): a step's `**Entry** → **Action**` is
 * a node panel entry and one of its actions, every other bold name in the step a field, option or
 * n8n label the added node shows, every `$('…')` the canvas name of a node the steps add. The workflow
 * the end-to-end test runs (harness/firstWorkflow.ts) is the one the steps build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { FIRST_WORKFLOW_NODES, firstWorkflow } from '../../harness/firstWorkflow';
import { canvasName, fieldLabels, nodePanel, type PanelAction } from '../helpers/nodePanel';

const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

/** n8n's own labels the steps use (its editor's buttons, the Expression switch, its If node). */
const N8N_LABELS = new Set(['Fetch Test Event', 'Execute workflow', 'Expression', 'Publish', 'If']);

const PAIR = /\*\*([^*]+)\*\* → \*\*([^*]+)\*\*/g;
/** A numbered step and its bold title: "1. **Trigger.** …". */
const STEP = /^\d+\. \*\*[^*]+\.\*\*/;

function section(readme: string, heading: string): string {
	const start = readme.indexOf(`\n## ${heading}\n`);
	if (start < 0) throw new Error(`the README has no section "${heading}"`);
	const end = readme.indexOf('\n## ', start + 1);
	return readme.slice(start, end < 0 ? undefined : end);
}

const withoutCode = (text: string) => text.replace(/`[^`]*`/g, '');
const bold = (text: string) => [...withoutCode(text).matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]);
/** Italic names that are a picker's mode ("_By ID_", "_From list_"). */
const modes = (text: string) =>
	[...withoutCode(text).matchAll(/(?<!\w)_((?:By|From) [^_]+)_(?!\w)/g)].map((m) => m[1]);

interface Step {
	text: string;
	actions: PanelAction[];
}

/** Every name in the first workflow that the editor does not show, as a sentence each. */
function mismatches(readme: string): string[] {
	const panel = nodePanel();
	const problems: string[] = [];
	const first = section(readme, 'A first workflow in five steps');
	const steps: Step[] = first
		.split('\n')
		.filter((line) => STEP.test(line))
		.map((line) => {
			const text = line.replace(STEP, '');
			const actions = [...text.matchAll(PAIR)].flatMap(([, entry, label]) => {
				const found = panel.get(entry)?.find((action) => action.label === label);
				if (!found)
					problems.push(
						panel.has(entry)
							? `"${entry}" has no action "${label}"; it lists ${panel
									.get(entry)!
									.map((action) => `"${action.label}"`)
									.join(', ')}`
							: `the node panel has no entry "${entry}"; it has ${[...panel.keys()].map((name) => `"${name}"`).join(', ')}`,
					);
				return found ? [found] : [];
			});
			return { text, actions };
		});
	if (steps.length !== 5) problems.push(`${steps.length} steps found, not 5`);

	const added = steps.flatMap((step) => step.actions.map(canvasName));
	for (const step of steps) {
		const shown = step.actions.map(fieldLabels);
		const fields = new Set([...N8N_LABELS, ...shown.flatMap(({ fields }) => [...fields])]);
		for (const name of bold(step.text.replace(PAIR, '')))
			if (!fields.has(name))
				problems.push(`no field, option or n8n label "${name}" in: ${step.text}`);
		const modeLabels = new Set(shown.flatMap((labels) => [...labels.modes]));
		for (const mode of modes(step.text))
			if (!modeLabels.has(mode)) problems.push(`no picker mode "${mode}" in: ${step.text}`);
		for (const [, name] of step.text.matchAll(/on the canvas it is named _([^_]+)_/g))
			if (!step.actions.map(canvasName).includes(name))
				problems.push(
					`the node is named ${step.actions.map(canvasName).join(', ')}, not "${name}"`,
				);
	}
	for (const [, name] of first.matchAll(/\$\('([^']+)'\)/g))
		if (!added.includes(name))
			problems.push(`$('${name}') names no node the steps add (${added.join(', ')})`);
	const besideSteps = first.split('\n').filter((line) => !STEP.test(line));
	for (const name of bold(besideSteps.join('\n')))
		if (!N8N_LABELS.has(name) && !name.endsWith('.')) problems.push(`"${name}" is no n8n label`);
	return problems;
}

test('the README shows npm start and npm test in a Try it section before Installation', () => {
	const headings = [...README.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
	expect(headings.slice(0, 2)).toEqual(['Try it', 'Installation']);
	const tryIt = section(README, 'Try it');
	for (const command of ['git clone ', 'npm start', 'npm test', 'Ctrl-C'])
		expect(tryIt).toContain(command);
	// How long npm test takes, with the measurement behind it (VERSIONS.md owns the figure).
	expect(tryIt).toMatch(
		/about \d+ minutes on 2 cores, fresh \(\[measured\]\(docs\/VERSIONS\.md#how-long-ci-takes\)\)/,
	);
	expect(section(README, 'A first workflow in five steps')).toContain('[Try it](#try-it)');
});

test('the README stays within 25 KB', () => {
	expect(Buffer.byteLength(README)).toBeLessThanOrEqual(25_000);
});

test("the first workflow's steps name what the editor shows, word for word", () => {
	expect(mismatches(README)).toEqual([]);
});

test('the polling trigger is "Famulor AI Polling" → "On new WhatsApp message" in the panel, "Famulor AI Polling Trigger" on the canvas', () => {
	const polling = nodePanel().get('Famulor AI Polling')!;
	const event = polling.find((action) => action.label === 'On new WhatsApp message')!;
	expect(event.values).toEqual({ event: 'newWhatsAppMessage' });
	expect(canvasName(event)).toBe('Famulor AI Polling Trigger');
	const send = nodePanel()
		.get('Famulor AI')!
		.find((action) => action.values.operation === 'sendFreeform')!;
	expect(canvasName(send)).toBe('Send a billed WhatsApp message');
});

test.each([
	[
		'the trigger as its type is named',
		'**Famulor AI Polling** → **On new WhatsApp message**',
		'**Famulor AI Polling Trigger** → **New WhatsApp Message**',
	],
	[
		'the operation instead of the action',
		'**Famulor AI** → **Get a WhatsApp session status**',
		'**Famulor AI** → **Get Session Status**',
	],
	['a field the node does not have', '**Recipient Name** (optional', '**Customer Name** (optional'],
	['a node the steps do not add', "$('Famulor AI Polling Trigger')", "$('New WhatsApp Message')"],
])('a step naming %s fails the check', (_what, right, wrong) => {
	expect(README).toContain(right);
	expect(mismatches(README.replace(right, wrong))).not.toEqual([]);
});

test('the end-to-end test runs the workflow the steps build: the same nodes, names and expressions', () => {
	const workflow = firstWorkflow('famulorE2eFirst1') as {
		nodes: Array<{ name: string; parameters: Record<string, unknown> }>;
	};
	const first = section(README, 'A first workflow in five steps');
	const panel = nodePanel();
	const added = [...first.matchAll(PAIR)].map(([, entry, label]) =>
		panel.get(entry)!.find((action) => action.label === label)!,
	);
	expect(added.map(canvasName)).toEqual([
		FIRST_WORKFLOW_NODES.trigger,
		FIRST_WORKFLOW_NODES.sessionStatus,
		FIRST_WORKFLOW_NODES.freeform,
		FIRST_WORKFLOW_NODES.template,
	]);
	for (const action of added)
		expect(
			workflow.nodes.find((node) => node.name === canvasName(action))?.parameters,
		).toMatchObject(action.values);
	const saved = JSON.stringify(workflow);
	const steps = first.split('\n').filter((line) => STEP.test(line));
	for (const [, expression] of steps.join('\n').matchAll(/`(\{\{[^`]+\}\})`/g))
		expect(saved).toContain(JSON.stringify(`=${expression}`).slice(1, -1));
	expect(first).toContain('`Thanks for your message! We are on it.`');
	expect(saved).toContain('"Thanks for your message! We are on it."');
});
