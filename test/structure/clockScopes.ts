/**
 * Clock reads and scopes in a test's syntax tree, for wallClockBounds.ts: which clock a call reads,
 * whether jest's fake timers drive it there, and which declaration a name refers to.
 */
import ts from 'typescript';

export type Clock = 'Date' | 'performance' | 'hrtime';

const HOOKS = new Set(['beforeEach', 'beforeAll']);

export const isFunctionLike = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
	ts.isFunctionDeclaration(node) ||
	ts.isFunctionExpression(node) ||
	ts.isArrowFunction(node) ||
	ts.isMethodDeclaration(node);

/** `a.b.c` as text when the expression is a chain of names, else undefined. */
export function dotted(node: ts.Expression): string | undefined {
	if (ts.isIdentifier(node)) return node.text;
	if (ts.isPropertyAccessExpression(node)) {
		const left = dotted(node.expression);
		return left === undefined ? undefined : `${left}.${node.name.text}`;
	}
	return undefined;
}

/** Which clock a node reads, if it is a clock read. */
export function clockRead(node: ts.Node): Clock | undefined {
	if (ts.isNewExpression(node))
		return dotted(node.expression) === 'Date' && (node.arguments?.length ?? 0) === 0
			? 'Date'
			: undefined;
	if (!ts.isCallExpression(node)) return undefined;
	const callee = dotted(node.expression);
	if (callee === 'Date.now') return 'Date';
	if (callee === 'performance.now') return 'performance';
	if (
		callee !== undefined &&
		['hrtime', 'hrtime.bigint', 'process.hrtime', 'process.hrtime.bigint'].includes(callee)
	)
		return 'hrtime';
	return undefined;
}

/** The clocks a `jest.useFakeTimers(…)` call drives: all three, less `doNotFake`; none when legacy. */
function clocksDrivenBy(call: ts.CallExpression): Set<Clock> {
	const driven = new Set<Clock>(['Date', 'performance', 'hrtime']);
	const options = call.arguments[0];
	if (!options || !ts.isObjectLiteralExpression(options)) return driven;
	for (const property of options.properties) {
		if (!ts.isPropertyAssignment(property)) continue;
		const name = property.name.getText();
		if (name === 'legacyFakeTimers' && property.initializer.kind === ts.SyntaxKind.TrueKeyword)
			return new Set();
		if (name === 'doNotFake' && ts.isArrayLiteralExpression(property.initializer))
			for (const element of property.initializer.elements)
				if (ts.isStringLiteral(element)) driven.delete(element.text as Clock);
	}
	return driven;
}

function isUseFakeTimers(node: ts.Node): node is ts.CallExpression {
	return ts.isCallExpression(node) && dotted(node.expression) === 'jest.useFakeTimers';
}

export function each(node: ts.Node, visit: (node: ts.Node) => void): void {
	visit(node);
	node.forEachChild((child) => each(child, visit));
}

/** The statements directly in a scope: a file's, or a function body's (with its try blocks'). */
function scopeStatements(scope: ts.Node): readonly ts.Statement[] {
	const body = ts.isSourceFile(scope) ? scope : isFunctionLike(scope) ? scope.body : undefined;
	if (!body || !(ts.isSourceFile(body) || ts.isBlock(body))) return [];
	return body.statements.flatMap((statement) =>
		ts.isTryStatement(statement) ? [statement, ...statement.tryBlock.statements] : [statement],
	);
}

/** Whether a read of `clock` at `read` runs under jest's fake timers installed by one of its scopes. */
export function driven(read: ts.Node, clock: Clock): boolean {
	for (let scope: ts.Node | undefined = read.parent; scope; scope = scope.parent) {
		for (const statement of scopeStatements(scope)) {
			if (!ts.isExpressionStatement(statement)) continue;
			const call = statement.expression;
			if (isUseFakeTimers(call) && call.end <= read.pos && clocksDrivenBy(call).has(clock))
				return true;
			if (ts.isCallExpression(call) && HOOKS.has(dotted(call.expression) ?? '')) {
				let drives = false;
				each(call, (node) => {
					if (isUseFakeTimers(node) && clocksDrivenBy(node).has(clock)) drives = true;
				});
				if (drives) return true;
			}
		}
	}
	return false;
}

/** Whether a scope declares `name` itself: a block's or file's statements, or a function's parameters. */
function declares(scope: ts.Node, name: string): boolean {
	const binds = (binding: ts.BindingName): boolean =>
		ts.isIdentifier(binding)
			? binding.text === name
			: binding.elements.some((element) => ts.isBindingElement(element) && binds(element.name));
	const listBinds = (list: ts.Node | undefined): boolean =>
		!!list &&
		ts.isVariableDeclarationList(list) &&
		list.declarations.some((declaration) => binds(declaration.name));
	if (isFunctionLike(scope)) return scope.parameters.some((parameter) => binds(parameter.name));
	if (ts.isForStatement(scope) || ts.isForOfStatement(scope) || ts.isForInStatement(scope))
		return listBinds(scope.initializer);
	if (ts.isCatchClause(scope))
		return !!scope.variableDeclaration && binds(scope.variableDeclaration.name);
	if (!(ts.isBlock(scope) || ts.isSourceFile(scope) || ts.isCaseOrDefaultClause(scope)))
		return false;
	return scope.statements.some((statement) =>
		ts.isVariableStatement(statement)
			? listBinds(statement.declarationList)
			: ts.isFunctionDeclaration(statement) && statement.name?.text === name,
	);
}

const variables = new WeakMap<ts.Identifier, string>();

/** A variable by its name and the scope declaring it, so that two tests' `started` stay apart. */
export function variable(identifier: ts.Identifier): string {
	let found = variables.get(identifier);
	if (found !== undefined) return found;
	found = identifier.text;
	for (let scope: ts.Node | undefined = identifier.parent; scope; scope = scope.parent)
		if (declares(scope, identifier.text)) {
			found = `${identifier.text}@${scope.pos}-${scope.end}`;
			break;
		}
	variables.set(identifier, found);
	return found;
}
