/**
 * The metadata n8n's reviewers and its nodes panel read: package.json's links agree on one public
 * repository, `n8n.nodes` / `n8n.credentials` list every node and credential, and each node's codex
 * file names its categories, the service's docs and the credential's docs (the credential's own link).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { FamulorAiApi } from '../../credentials/FamulorAiApi.credentials';
import { Famulor } from '../../nodes/Famulor/Famulor.node';
import { FamulorTrigger } from '../../nodes/FamulorTrigger/FamulorTrigger.node';
import { FamulorPollTrigger } from '../../nodes/FamulorPollTrigger/FamulorPollTrigger.node';

const ROOT = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	name: string;
	license: string;
	homepage: string;
	bugs: { url: string };
	repository: { type: string; url: string };
	author: { name: string; email: string; url: string };
	n8n: { nodes: string[]; credentials: string[] };
};

interface Codex {
	node: string;
	categories: string[];
	resources: {
		credentialDocumentation: Array<{ url: string }>;
		primaryDocumentation: Array<{ url: string }>;
	};
}

function filesEndingWith(dir: string, suffix: string): string[] {
	return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith(suffix))
		.map((file) => join(dir, file));
}

/** `dist/nodes/X/X.node.js` → `nodes/X/X.node.ts`. */
const sourceOf = (distPath: string) => distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts');

test('repository, homepage and bugs name the same public GitHub repository; author and MIT license are set', () => {
	const repository = /^git\+https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\.git$/.exec(
		manifest.repository.url,
	)?.[1];
	expect(repository).toBeDefined();
	expect(manifest.repository.type).toBe('git');
	expect(manifest.homepage).toBe(`https://github.com/${repository}#readme`);
	expect(manifest.bugs.url).toBe(`https://github.com/${repository}/issues`);
	expect(manifest.author.name).not.toBe('');
	expect(manifest.author.email).toMatch(/^[^@\s]+@[^@\s]+$/);
	expect(
		`${repository}/`.startsWith(`${manifest.author.url.replace('https://github.com/', '')}/`),
	).toBe(true);
	expect(manifest.license).toBe('MIT');
});

test('n8n.nodes lists every node entry file and n8n.credentials every credential', () => {
	// Node entry files are the *.node.ts files; the versions they build are not node types of their own.
	expect(manifest.n8n.nodes.map(sourceOf).sort()).toEqual(
		filesEndingWith('nodes', '.node.ts').sort(),
	);
	expect(manifest.n8n.credentials.map(sourceOf).sort()).toEqual(
		filesEndingWith('credentials', '.credentials.ts').sort(),
	);
});

test.each([
	['nodes/Famulor/Famulor.node.json', new Famulor().description.name],
	['nodes/FamulorTrigger/FamulorTrigger.node.json', new FamulorTrigger().description.name],
	[
		'nodes/FamulorPollTrigger/FamulorPollTrigger.node.json',
		new FamulorPollTrigger().description.name,
	],
])(
	'%s names the node, its categories, the service docs and the credential docs',
	(file, nodeName) => {
		expect(existsSync(join(ROOT, file.replace(/\.json$/, '.ts')))).toBe(true);
		const codex = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Codex;
		expect(codex.node).toBe(`${manifest.name}.${nodeName}`);
		expect(codex.categories.length).toBeGreaterThan(0);
		expect(codex.resources.primaryDocumentation[0].url).toMatch(
			/^https:\/\/docs\.famulor\.de\/en\//,
		);
		expect(codex.resources.credentialDocumentation.map((link) => link.url)).toEqual([
			new FamulorAiApi().documentationUrl,
		]);
	},
);

test("the credential's documentation is the service's authentication page", () => {
	expect(new FamulorAiApi().documentationUrl).toBe(
		'https://docs.famulor.de/en/api-reference/authentication',
	);
});

test('the node panel\'s one "Famulor AI" entry for both nodes describes the action node first', () => {
	// n8n's editor merges a trigger `<name>Trigger` into the node `<name>` and shows the trigger's
	// description for the pair, also under "What happens next?" after a trigger (its
	// generateMergedNodesAndActions). So the trigger's description starts with the action node's.
	const action = new Famulor().description;
	const trigger = new FamulorTrigger().description;
	expect(trigger.name).toBe(`${action.name}Trigger`);
	expect(trigger.description.startsWith(`${action.description}. `)).toBe(true);
});
