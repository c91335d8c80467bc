/**
 * No unit test asserts an upper bound on elapsed wall time: such an assertion fails on a busy
 * machine while the code decided right. Tests drive the clock and assert the decision; a real
 * duration belongs in `npm run bench`, and a real n8n's waits in the end-to-end suite (test/e2e).
 */
import { readFileSync } from 'node:fs';

import { filesUnder } from './operationTests';
import { wallClockBounds } from './wallClockBounds';

const UNIT_TESTS = 'test';
const END_TO_END = /^test\/e2e\//;

/** Each case is a test body; `found` the lines (1-based) the rule reports. */
it.each<[string, string, number[]]>([
	[
		'elapsed from Date.now() under a limit',
		'const t = Date.now();\nexpect(Date.now() - t).toBeLessThan(500);',
		[2],
	],
	[
		'an elapsed variable from performance.now()',
		'const started = performance.now();\nawait work();\nconst elapsed = performance.now() - started;\nexpect(elapsed).toBeLessThanOrEqual(400);',
		[4],
	],
	[
		'a duration a helper returns as a property',
		'async function timed() {\n\tconst s = performance.now();\n\tawait go();\n\treturn { status: 200, ms: performance.now() - s };\n}\nconst answer = await timed();\nexpect(answer.status).toBeLessThan(300);\nexpect(answer.ms).toBeLessThan(300);',
		[8],
	],
	[
		'a reading under a deadline',
		'const until = Date.now() + 1000;\nexpect(Date.now()).toBeLessThan(until + 400);',
		[2],
	],
	[
		'a named deadline',
		'const deadline = Date.now() + 1000;\nawait work();\nexpect(Date.now()).toBeLessThan(deadline);',
		[3],
	],
	[
		'the bound on the right',
		'const t = Date.now();\nexpect(500).toBeGreaterThan(Date.now() - t);',
		[2],
	],
	['negated', 'const t = Date.now();\nexpect(Date.now() - t).not.toBeGreaterThan(500);', [2]],
	['as a comparison', 'const t = Date.now();\nexpect(Date.now() - t < 500).toBe(true);', [2]],
	[
		'as a negated comparison',
		'const t = Date.now();\nexpect(500 > Date.now() - t).toBeTruthy();',
		[2],
	],
	[
		'close to a duration',
		'const t = Date.now();\nexpect((Date.now() - t) / 1000).toBeCloseTo(2, 0);',
		[2],
	],
	[
		'new Date()',
		'const t = new Date().getTime();\nexpect(new Date().getTime() - t).toBeLessThan(50);',
		[2],
	],
	[
		'process.hrtime.bigint()',
		'const t = process.hrtime.bigint();\nexpect(process.hrtime.bigint() - t).toBeLessThan(5n);',
		[2],
	],
	[
		'readings collected in an array',
		'const t = Date.now();\nconst answeredAt: number[] = [];\nansweredAt.push(Date.now());\nexpect(answeredAt[0]).toBeLessThan(t + 500);',
		[4],
	],
	[
		'a helper timing function',
		'const since = (t: number) => Date.now() - t;\nconst t0 = Date.now();\nexpect(since(t0)).toBeLessThan(100);',
		[3],
	],
	[
		'fake timers that leave Date real',
		"jest.useFakeTimers({ doNotFake: ['Date'] });\nconst t = Date.now();\nexpect(Date.now() - t).toBeLessThan(10);",
		[3],
	],
	[
		'legacy fake timers (they leave Date real)',
		'jest.useFakeTimers({ legacyFakeTimers: true });\nconst t = Date.now();\nexpect(Date.now() - t).toBeLessThan(10);',
		[3],
	],
	[
		'an assertion before the test installs fake timers',
		"it('x', async () => {\n\tconst t = Date.now();\n\tawait work();\n\texpect(Date.now() - t).toBeLessThan(10);\n\tjest.useFakeTimers();\n});",
		[4],
	],
	// What the rule leaves alone.
	[
		'a lower bound (a wait lasted its time)',
		'const t = Date.now();\nexpect(Date.now() - t).toBeGreaterThanOrEqual(950);',
		[],
	],
	[
		'a lower bound on the right',
		'const t = Date.now();\nexpect(950).toBeLessThanOrEqual(Date.now() - t);',
		[],
	],
	[
		'a deadline below a reading (an answer came after the reset)',
		'const reset = Math.ceil(Date.now() / 1000) + 1;\nconst answeredAt: number[] = [];\nansweredAt.push(Date.now());\nexpect(answeredAt[0]).toBeGreaterThanOrEqual(reset * 1000);',
		[],
	],
	['a timestamp not in the future', 'expect(record.at).toBeLessThanOrEqual(Date.now());', []],
	[
		'the order of two readings',
		'const before = Date.now();\nawait go();\nconst after = Date.now();\nexpect(before).toBeLessThanOrEqual(after);',
		[],
	],
	[
		'the sandbox clock',
		'const t = sb.clock.now();\nawait sb.clock.advance(1000);\nexpect(sb.clock.now() - t).toBeLessThan(2000);',
		[],
	],
	[
		'a count, not a time',
		'expect(result.calls).toBeLessThan(5);\nexpect(Date.now()).toBe(NOW);',
		[],
	],
	[
		"fake timers installed in the scope's beforeEach",
		"beforeEach(() => {\n\tjest.useFakeTimers({ now: 1_800_000_000_000 });\n});\nit('x', async () => {\n\tconst started = Date.now();\n\tawait jest.advanceTimersByTimeAsync(400);\n\texpect(Date.now() - started).toBeLessThan(500);\n});",
		[],
	],
	[
		'fake timers installed in the test, inside try',
		"it('x', async () => {\n\ttry {\n\t\tjest.useFakeTimers();\n\t\tconst t = performance.now();\n\t\texpect(performance.now() - t).toBeLessThan(1);\n\t} finally {\n\t\tjest.useRealTimers();\n\t}\n});",
		[],
	],
	[
		"a fake-timer test's name does not hide another test's wall-clock bound",
		"it('a', () => {\n\tjest.useFakeTimers();\n\tconst started = Date.now();\n});\nit('b', async () => {\n\tconst started = Date.now();\n\tawait go();\n\tconst elapsed = Date.now() - started;\n\texpect(elapsed).toBeLessThan(500);\n});",
		[9],
	],
	[
		"a real test's name does not make another test's fake-clock bound one",
		"it('a', async () => {\n\tconst elapsed = Date.now();\n\texpect(elapsed).toBeGreaterThan(0);\n});\nit('b', async () => {\n\tjest.useFakeTimers();\n\tconst elapsed = Date.now() - 5;\n\texpect(elapsed).toBeLessThan(500);\n});",
		[],
	],
	[
		'fake timers that leave only setImmediate real',
		"jest.useFakeTimers({ doNotFake: ['setImmediate'] });\nconst t = Date.now();\nexpect(Date.now() - t).toBeLessThan(10);",
		[],
	],
])('finds %s', (_case, source, lines) => {
	expect(wallClockBounds(source).map((bound) => bound.line)).toEqual(lines);
});

it('no unit test outside test/e2e bounds a wall clock from above', () => {
	const bounds = filesUnder(UNIT_TESTS)
		.filter((file) => file.endsWith('.ts') && !END_TO_END.test(file))
		.flatMap((file) =>
			wallClockBounds(readFileSync(file, 'utf8'), file).map(
				(bound) => `${file}:${bound.line}: ${bound.text}`,
			),
		);
	expect(bounds).toEqual([]);
});
