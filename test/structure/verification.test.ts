/**
 * n8n's newer community-node rules, which verification applies and the installed lint plugin (0.32.0)
 * does not have yet, checked on the package as it stands; each beside cases that show the check can
 * fail. docs/PUBLISHING.md lists the rules and their status.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { BACKGROUNDS, MINIMUM_CONTRAST, iconContrast } from './iconContrast';
import {
	MAX_HINT_LENGTH,
	hardcodedIds,
	longHints,
	nodeClassesIn,
	nodeFileProblems,
	packageJsonProblems,
	type NodeClass,
} from './verificationRules';

const ROOT = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const sourcesUnder = (dir: string): string[] =>
	readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.ts'))
		.map((file) => join(dir, file));
const SOURCES = [...sourcesUnder('nodes'), ...sourcesUnder('credentials')];
const manifest = JSON.parse(read('package.json')) as Record<string, unknown>;

type Themed = string | { light: string; dark: string } | undefined;
interface Described {
	description: { name?: string; displayName?: string; icon?: Themed };
	icon?: Themed;
}

/** Each class of a source file matching `declaration`, constructed, with its file. */
async function instancesOf(declaration: RegExp): Promise<Array<[string, string, Described]>> {
	const found: Array<[string, string, Described]> = [];
	for (const file of SOURCES) {
		for (const match of read(file).matchAll(declaration)) {
			const module = (await import(join(ROOT, file))) as Record<string, new () => Described>;
			found.push([file, match[1], new module[match[1]]()]);
		}
	}
	return found;
}

async function nodeClasses(): Promise<NodeClass[]> {
	const classes = SOURCES.flatMap((file) => nodeClassesIn(file, read(file)));
	const described = await instancesOf(
		/\bclass\s+(\w+)\s+(?:implements\s+INodeType\b|extends\s+VersionedNodeType\b)/g,
	);
	return classes.map((found) => {
		const description = described.find(([, name]) => name === found.className)?.[2].description;
		return { ...found, name: description?.name, displayName: description?.displayName };
	});
}

describe('community-package-json', () => {
	it('package.json has what n8n reads and reviews', () => {
		expect(packageJsonProblems(manifest)).toEqual([]);
	});

	it.each<[string, Record<string, unknown>, string]>([
		['no author', { author: undefined }, 'package.json has no author'],
		['an author without a name', { author: { name: '' } }, 'package.json author has no name'],
		['an empty description', { description: ' ' }, 'package.json has no description'],
		['another license', { license: 'ISC' }, 'package.json license is not MIT'],
		[
			"the starter's repository",
			{ repository: { url: 'https://github.com/<...>/n8n-nodes-x.git' } },
			"package.json repository.url is the starter's placeholder",
		],
		[
			'an API version as a string',
			{ n8n: { n8nNodesApiVersion: '1', nodes: ['dist/a.node.js'] } },
			'package.json n8n.n8nNodesApiVersion is not a number',
		],
		[
			'no node',
			{ n8n: { n8nNodesApiVersion: 1, nodes: [] } },
			'package.json n8n.nodes lists no node',
		],
	])('finds %s', (_case, change, problem) => {
		expect(packageJsonProblems({ ...manifest, ...change })).toEqual([problem]);
	});
});

describe('node-file-conventions', () => {
	it('each node class is in <ClassName>.node.ts, and each trigger says Trigger', async () => {
		const classes = await nodeClasses();
		expect(classes.map(({ className }) => className).sort()).toEqual(
			['Famulor', 'FamulorPollTrigger', 'FamulorTrigger'].sort(),
		);
		expect(nodeFileProblems(classes)).toEqual([]);
	});

	it.each<[string, NodeClass, string]>([
		[
			'a class in another file',
			{ file: 'nodes/X/index.ts', className: 'X' },
			'nodes/X/index.ts: class X belongs in X.node.ts',
		],
		[
			'a trigger name without Trigger',
			{
				file: 'a/XTrigger.node.ts',
				className: 'XTrigger',
				name: 'xPoll',
				displayName: 'X Trigger',
			},
			'a/XTrigger.node.ts: trigger name "xPoll" does not end with Trigger',
		],
		[
			'a trigger display name without Trigger',
			{
				file: 'a/XTrigger.node.ts',
				className: 'XTrigger',
				name: 'xTrigger',
				displayName: 'X Poll',
			},
			'a/XTrigger.node.ts: trigger display name "X Poll" does not say Trigger',
		],
	])('finds %s', (_case, found, problem) => {
		expect(nodeFileProblems([found])).toEqual([problem]);
	});

	it('reads the classes that define node types', () => {
		const source =
			'export class A implements INodeType {}\nclass B extends VersionedNodeType {}\nclass C {}';
		expect(nodeClassesIn('f.ts', source).map(({ className }) => className)).toEqual(['A', 'B']);
	});
});

describe('no-hardcoded-ids', () => {
	it('no node or credential source fixes an account ID', () => {
		expect(SOURCES.flatMap((file) => hardcodedIds(file, read(file)))).toEqual([]);
	});

	it('finds fixed IDs in declarations, properties and assignments, and nothing read from elsewhere', () => {
		const source = [
			"const partnerId = 'p-1';",
			'const request = { customer_id: "42", account: "a" };',
			'this.tenantId = `t-9`;',
			"options['client-id'] = 'c';",
			'const accountId = parameters.accountId;',
			'const customerId = 42;',
		].join('\n');
		expect(hardcodedIds('x.ts', source)).toEqual([
			'x.ts:1: partnerId is a fixed string',
			'x.ts:2: customer_id is a fixed string',
			'x.ts:3: tenantId is a fixed string',
			'x.ts:4: client-id is a fixed string',
		]);
	});
});

describe('hint-max-length', () => {
	it(`no hint of any node version is over ${MAX_HINT_LENGTH} characters`, async () => {
		const { Famulor } = await import('../../nodes/Famulor/Famulor.node');
		const versions = Object.values(new Famulor().nodeVersions).map((type) => type.description);
		const others = (await instancesOf(/\bclass\s+(\w+Trigger)\s+implements\s+INodeType\b/g)).map(
			([, , instance]) => instance.description,
		);
		expect(versions.length).toBeGreaterThan(1);
		expect(longHints([...versions, ...others])).toEqual([]);
	});

	it('finds a long hint nested in a collection, and lets one of exactly the limit pass', () => {
		const long = 'x'.repeat(MAX_HINT_LENGTH + 1);
		const description = {
			properties: [
				{ name: 'a', hint: 'x'.repeat(MAX_HINT_LENGTH) },
				{ name: 'b', type: 'collection', options: [{ name: 'c', hint: long }] },
			],
		};
		expect(longHints(description)).toEqual([`hint of 121 characters: "${'x'.repeat(40)}…"`]);
	});
});

describe('icon-contrast', () => {
	it(`every node and credential icon has ${MINIMUM_CONTRAST}:1 contrast in its theme`, async () => {
		const owners = await instancesOf(
			/\bclass\s+(\w+)\s+(?:implements\s+(?:INodeType|ICredentialType)\b|extends\s+VersionedNodeType\b)/g,
		);
		const icons = owners.flatMap(([file, , owner]) => {
			const icon = owner.description?.icon ?? owner.icon;
			if (typeof icon !== 'object') throw new Error(`${file}: no themed icon`);
			return (['light', 'dark'] as const).map((theme) => {
				const path = join(dirname(file), icon[theme].replace(/^file:/, ''));
				return { theme, path, contrast: iconContrast(read(path), BACKGROUNDS[theme]) };
			});
		});
		expect(icons).toHaveLength(8);
		expect(icons.filter(({ contrast }) => contrast < MINIMUM_CONTRAST)).toEqual([]);
	});

	it.each<[string, 'light' | 'dark', boolean, string]>([
		['a black glyph without fill', 'dark', false, '<svg><path d="M0 0h9v9z"/></svg>'],
		['a white glyph', 'light', false, '<svg><path fill="#fff" d="M0 0h9v9z"/></svg>'],
		['a faint glyph', 'light', false, '<svg><path style="fill: rgba(0, 0, 0, 0.1)"/></svg>'],
		['a white glyph', 'dark', true, '<svg><path fill="#FFFFFF" d="M0 0h9v9z"/></svg>'],
		[
			'a tile with a light glyph',
			'light',
			true,
			'<svg><rect fill="#1e1b4b"/><path fill="#eee"/></svg>',
		],
	])('%s on the %s theme passes: %s', (_case, theme, passes, svg) => {
		expect(iconContrast(svg, BACKGROUNDS[theme]) >= MINIMUM_CONTRAST).toBe(passes);
	});
});
