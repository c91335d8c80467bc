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
 * wall clock. Lower bounds (a wait lasted at least its time) and the order of two readings
 * (`expect(before).toBeLessThanOrEqual(after)`) cannot fail on a slow machine, so they pass.
 */
import ts from 'typescript';

import { clockRead, dotted, driven, each, isFunctionLike, variable } from './clockScopes';

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
export interface WallClockBound {
	line: number;
	text: string;
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
