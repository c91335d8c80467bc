/**
 * Finds assertions that put an upper bound on a wall clock: `expect(Date.now() - started)
 * .toBeLessThan(500)`, `expect(elapsed).toBeLessThan(…)` where elapsed came from `performance.now()`,
 * `expect(deadline).toBeGreaterThan(Date.now())`, `expect(took < 500).toBe(true)`. Such an assertion
 * measures the machine (a busy one fails it), not the decision under test (issue 55).
 *
 * A clock read is `Date.now()`, `new Date()` without arguments, `performance.now()` or
 * `process.hrtime()` (and `.bigint()`). A value is clock-derived when it contains such a read or a
 * name given one (a variable, a function returning one, an object property set from one), traced
 * through the file. A read is driven, not wall time, inside a scope that installs jest's modern fake
 * timers for that clock (`jest.useFakeTimers(…)` before it, or in a beforeEach/beforeAll hook of the
 * scope; `doNotFake` and `legacyFakeTimers` respected). The sandbox's clock (`sb.clock.now()`) is no
 * wall clock. Lower bounds (a wait lasted at least its time) cannot fail on a slow machine and pass;
 * so does the order of two readings (`expect(before).toBeLessThanOrEqual(after)`).
 */
import ts from 'typescript';

type Clock = 'Date' | 'performance' | 'hrtime';

const UPPER = new Set(['toBeLessThan', 'toBeLessThanOrEqual']);
const LOWER = new Set(['toBeGreaterThan', 'toBeGreaterThanOrEqual']);
const TWO_SIDED = new Set(['toBeCloseTo']);
const TRUTHY = new Set(['toBeTruthy']);
const FALSY = new Set(['toBeFalsy']);
const EQUAL = new Set(['toBe', 'toEqual', 'toStrictEqual']);
const LESS_OPERATORS = new Set([ts.SyntaxKind.LessThanToken, ts.SyntaxKind.LessThanEqualsToken]);
const GREATER_OPERATORS = new Set([
	ts.SyntaxKind.GreaterThanToken,
	ts.SyntaxKind.GreaterThanEqualsToken,
]);
const HOOKS = new Set(['beforeEach', 'beforeAll']);

export interface WallClockBound {
	line: number;
	text: string;
}

const isFunctionLike = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
	ts.isFunctionDeclaration(node) ||
	ts.isFunctionExpression(node) ||
	ts.isArrowFunction(node) ||
	ts.isMethodDeclaration(node);

/** `a.b.c` as text when the expression is a chain of names, else undefined. */
function dotted(node: ts.Expression): string | undefined {
	if (ts.isIdentifier(node)) return node.text;
	if (ts.isPropertyAccessExpression(node)) {
		const left = dotted(node.expression);
		return left === undefined ? undefined : `${left}.${node.name.text}`;
	}
	return undefined;
}

/** Which clock a node reads, if it is a clock read. */
function clockRead(node: ts.Node): Clock | undefined {
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

function each(node: ts.Node, visit: (node: ts.Node) => void): void {
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
function driven(read: ts.Node, clock: Clock): boolean {
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
function variable(identifier: ts.Identifier): string {
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

/**
 * What in a file holds clock-derived values: variables (by variable()), functions returning one,
 * properties (by name); and among the variables, deadlines (a reading plus a budget, e.g.
 * `Date.now() + 1000`).
 */
interface Taint {
	names: Set<string>;
	properties: Set<string>;
	deadlines: Set<string>;
}

const drivenReads = new WeakMap<ts.Node, boolean>();

function derived(node: ts.Node, taint: Taint): boolean {
	const clock = clockRead(node);
	if (clock) {
		let isDriven = drivenReads.get(node);
		if (isDriven === undefined) drivenReads.set(node, (isDriven = driven(node, clock)));
		return !isDriven;
	}
	if (ts.isIdentifier(node)) return taint.names.has(variable(node));
	if (ts.isPropertyAccessExpression(node))
		return taint.properties.has(node.name.text) || derived(node.expression, taint);
	// An object is not itself a time; its properties are traced by name.
	if (ts.isObjectLiteralExpression(node)) return false;
	if (isFunctionLike(node)) return returnsDerived(node, taint);
	let found = false;
	node.forEachChild((child) => {
		found ||= derived(child, taint);
	});
	return found;
}

/** Whether a function returns a clock-derived value (its own returns, not nested functions'). */
function returnsDerived(fn: ts.FunctionLikeDeclaration, taint: Taint): boolean {
	if (!fn.body) return false;
	if (!ts.isBlock(fn.body)) return derived(fn.body, taint);
	let found = false;
	const visit = (node: ts.Node): void => {
		if (isFunctionLike(node)) return;
		if (ts.isReturnStatement(node) && node.expression) found ||= derived(node.expression, taint);
		node.forEachChild(visit);
	};
	fn.body.forEachChild(visit);
	return found;
}

/** Every name a clock-derived value is given in the file, to a fixed point. */
function traceTaint(file: ts.SourceFile): Taint {
	const taint: Taint = { names: new Set(), properties: new Set(), deadlines: new Set() };
	const bindings: Array<{ name: ts.BindingName; value: ts.Node }> = [];
	const properties: Array<{ name: string; value: ts.Node }> = [];
	each(file, (node) => {
		if (ts.isVariableDeclaration(node) && node.initializer)
			bindings.push({ name: node.name, value: node.initializer });
		else if (ts.isFunctionDeclaration(node) && node.name)
			bindings.push({ name: node.name, value: node });
		else if (
			ts.isBinaryExpression(node) &&
			ts.isIdentifier(node.left) &&
			node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
			node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
		)
			bindings.push({ name: node.left, value: node.right });
		else if (ts.isPropertyAssignment(node) && !ts.isComputedPropertyName(node.name))
			properties.push({ name: node.name.getText(file), value: node.initializer });
		else if (ts.isShorthandPropertyAssignment(node))
			properties.push({ name: node.name.text, value: node.name });
		else if (
			ts.isCallExpression(node) &&
			ts.isPropertyAccessExpression(node.expression) &&
			ts.isIdentifier(node.expression.expression) &&
			['push', 'unshift'].includes(node.expression.name.text)
		)
			for (const argument of node.arguments)
				bindings.push({ name: node.expression.expression, value: argument });
	});
	const boundNames = (name: ts.BindingName): string[] =>
		ts.isIdentifier(name)
			? [variable(name)]
			: name.elements.flatMap((element) =>
					ts.isBindingElement(element) ? boundNames(element.name) : [],
				);
	const add = (set: Set<string>, name: string): boolean => !set.has(name) && !!set.add(name);
	for (let changed = true; changed;) {
		changed = false;
		for (const { name, value } of bindings) {
			if (!derived(value, taint)) continue;
			for (const bound of boundNames(name)) {
				changed = add(taint.names, bound) || changed;
				if (isDeadline(value, taint)) changed = add(taint.deadlines, bound) || changed;
			}
		}
		for (const { name, value } of properties)
			if (derived(value, taint)) changed = add(taint.properties, name) || changed;
	}
	return taint;
}

/** A clock-derived value that is a reading combined with a budget (`started + 400`), not a reading. */
function isDeadline(value: ts.Node, taint: Taint): boolean {
	let node = value;
	while (ts.isParenthesizedExpression(node)) node = node.expression;
	if (ts.isIdentifier(node)) return taint.deadlines.has(variable(node));
	if (!ts.isBinaryExpression(node)) return false;
	return !derived(node.left, taint) || !derived(node.right, taint) || isDeadline(node.left, taint);
}

/** Whether a bound is a budget (a number, or a reading plus one), not just another reading. */
function isBudget(bound: ts.Expression, taint: Taint): boolean {
	return !derived(bound, taint) || isDeadline(bound, taint);
}

/**
 * `upper` ≤ `bound` asserted: a wall-clock upper bound when upper is a reading or an elapsed time
 * and bound a budget. A deadline below something (`started + 1000 <= answeredAt`) is a lower bound.
 */
function boundsWallClock(upper: ts.Expression, bound: ts.Expression, taint: Taint): boolean {
	return derived(upper, taint) && !isDeadline(upper, taint) && isBudget(bound, taint);
}

/** `expect(actual)[.not].matcher(expected)`, taken apart. */
function assertion(
	call: ts.CallExpression,
):
	| { actual: ts.Expression; matcher: string; negated: boolean; expected?: ts.Expression }
	| undefined {
	if (!ts.isPropertyAccessExpression(call.expression)) return undefined;
	const matcher = call.expression.name.text;
	let subject = call.expression.expression;
	let negated = false;
	if (ts.isPropertyAccessExpression(subject) && subject.name.text === 'not') {
		negated = true;
		subject = subject.expression;
	}
	if (!ts.isCallExpression(subject) || dotted(subject.expression) !== 'expect') return undefined;
	const actual = subject.arguments[0];
	return actual ? { actual, matcher, negated, expected: call.arguments[0] } : undefined;
}

function isBooleanLiteral(node: ts.Expression | undefined, value: boolean): boolean {
	return node?.kind === (value ? ts.SyntaxKind.TrueKeyword : ts.SyntaxKind.FalseKeyword);
}

/** Whether one `expect(…)…` call asserts an upper bound on a wall clock. */
function assertsWallClockBound(call: ts.CallExpression, taint: Taint): boolean {
	const parts = assertion(call);
	if (!parts) return false;
	const { actual, matcher, negated, expected } = parts;
	if (TWO_SIDED.has(matcher)) return !negated && derived(actual, taint);
	if (expected && (UPPER.has(matcher) || LOWER.has(matcher))) {
		const actualBelow = UPPER.has(matcher) !== negated;
		return actualBelow
			? boundsWallClock(actual, expected, taint)
			: boundsWallClock(expected, actual, taint);
	}
	let comparison: ts.Expression = actual;
	while (ts.isParenthesizedExpression(comparison)) comparison = comparison.expression;
	if (!ts.isBinaryExpression(comparison)) return false;
	const operator = comparison.operatorToken.kind;
	if (!LESS_OPERATORS.has(operator) && !GREATER_OPERATORS.has(operator)) return false;
	const holds =
		TRUTHY.has(matcher) || (EQUAL.has(matcher) && isBooleanLiteral(expected, true))
			? true
			: FALSY.has(matcher) || (EQUAL.has(matcher) && isBooleanLiteral(expected, false))
				? false
				: undefined;
	if (holds === undefined) return false;
	const leftBelow = LESS_OPERATORS.has(operator) === (holds !== negated);
	return leftBelow
		? boundsWallClock(comparison.left, comparison.right, taint)
		: boundsWallClock(comparison.right, comparison.left, taint);
}

/** The assertions of a source that bound a wall clock from above, with their lines. */
export function wallClockBounds(source: string, fileName = 'test.ts'): WallClockBound[] {
	if (!/\bDate\b|\bperformance\b|\bhrtime\b/.test(source)) return [];
	const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
	const taint = traceTaint(file);
	const found: WallClockBound[] = [];
	each(file, (node) => {
		if (ts.isCallExpression(node) && assertsWallClockBound(node, taint))
			found.push({
				line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1,
				text: node.getText(file),
			});
	});
	return found;
}
