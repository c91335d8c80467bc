/**
 * Our own checks of n8n's newer community-node rules (`packages/@n8n/eslint-plugin-community-nodes` in
 * n8n's public repository), which the installed plugin (0.32.0) does not have yet. Each returns what
 * breaks its rule, one sentence a finding; docs/PUBLISHING.md lists the rules and their status.
 */
import { basename } from 'node:path';
import ts from 'typescript';

const nonEmpty = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** community-package-json: the fields n8n reads and reviews in package.json. */
export function packageJsonProblems(manifest: Record<string, unknown>): string[] {
	const problems: string[] = [];
	if (manifest.version === undefined) problems.push('package.json has no version');
	if (!nonEmpty(manifest.description)) problems.push('package.json has no description');
	if (manifest.license !== 'MIT') problems.push('package.json license is not MIT');
	const author = manifest.author;
	if (author === undefined) problems.push('package.json has no author');
	else if (typeof author === 'object' && !nonEmpty((author as { name?: unknown } | null)?.name))
		problems.push('package.json author has no name');
	const repositoryUrl = (manifest.repository as { url?: unknown } | undefined)?.url;
	if (typeof repositoryUrl === 'string' && repositoryUrl.includes('github.com/<...>'))
		problems.push("package.json repository.url is the starter's placeholder");
	const n8n = manifest.n8n as { n8nNodesApiVersion?: unknown; nodes?: unknown } | undefined;
	if (n8n === undefined) return [...problems, 'package.json has no n8n key'];
	if (typeof n8n.n8nNodesApiVersion !== 'number')
		problems.push('package.json n8n.n8nNodesApiVersion is not a number');
	if (!Array.isArray(n8n.nodes) || n8n.nodes.length === 0)
		problems.push('package.json n8n.nodes lists no node');
	return problems;
}

/** A node type class found in the sources, with what its description names. */
export interface NodeClass {
	file: string;
	className: string;
	name?: string;
	displayName?: string;
}

/** The classes that define a node type in one source file. */
export function nodeClassesIn(file: string, source: string): NodeClass[] {
	const pattern = /\bclass\s+(\w+)\s+(?:implements\s+INodeType\b|extends\s+VersionedNodeType\b)/g;
	return [...source.matchAll(pattern)].map((match) => ({ file, className: match[1] }));
}

/**
 * node-file-conventions: a node class lives in `<ClassName>.node.ts`; a trigger's class, name and
 * display name all say Trigger (n8n's panel drops the word from what it shows).
 */
export function nodeFileProblems(classes: NodeClass[]): string[] {
	return classes.flatMap(({ file, className, name, displayName }) => {
		const problems: string[] = [];
		if (basename(file) !== `${className}.node.ts`)
			problems.push(`${file}: class ${className} belongs in ${className}.node.ts`);
		if (className.endsWith('Trigger')) {
			if (!name?.endsWith('Trigger'))
				problems.push(`${file}: trigger name "${name}" does not end with Trigger`);
			if (!displayName?.includes('Trigger'))
				problems.push(`${file}: trigger display name "${displayName}" does not say Trigger`);
		}
		return problems;
	});
}

/** Names of IDs that belong to one account (a partner's, a customer's): a user must set them. */
const ACCOUNT_ID_NAME = /^(?:partner|affiliate|reseller|account|tenant|customer|client)[_-]?id$/i;

function nameOf(node: ts.Node): string | undefined {
	if (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isPrivateIdentifier(node))
		return node.text;
	if (ts.isPropertyAccessExpression(node)) return node.name.text;
	if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression))
		return node.argumentExpression.text;
	return undefined;
}

/** no-hardcoded-ids: an account's ID written as a string in the code, where a parameter should be. */
export function hardcodedIds(file: string, source: string): string[] {
	const found: string[] = [];
	const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
	const check = (name: ts.Node, value: ts.Node | undefined) => {
		const text = nameOf(name);
		if (!text || !ACCOUNT_ID_NAME.test(text) || !value) return;
		if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) {
			const line = sourceFile.getLineAndCharacterOfPosition(value.getStart()).line + 1;
			found.push(`${file}:${line}: ${text} is a fixed string`);
		}
	};
	const visit = (node: ts.Node): void => {
		if (ts.isVariableDeclaration(node)) check(node.name, node.initializer);
		else if (ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node))
			check(node.name, node.initializer);
		else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken)
			check(node.left, node.right);
		ts.forEachChild(node, visit);
	};
	visit(sourceFile);
	return found;
}

/** The most a hint may say: it shows under the field; longer text belongs in the description. */
export const MAX_HINT_LENGTH = 120;

/** hint-max-length: every `hint` anywhere in a node description, nested fields included. */
export function longHints(description: unknown): string[] {
	if (Array.isArray(description)) return description.flatMap(longHints);
	if (typeof description !== 'object' || description === null) return [];
	return Object.entries(description).flatMap(([key, value]) => [
		...(key === 'hint' && typeof value === 'string' && value.length > MAX_HINT_LENGTH
			? [`hint of ${value.length} characters: "${value.slice(0, 40)}…"`]
			: []),
		...longHints(value),
	]);
}
