/**
 * The checks the action node suites repeat, each once: the single request a run sent, a delete's
 * request and output, a refusal before anything was sent (the three the kit offers as its methods,
 * on its own request log), the items of a Continue On Fail run, and that no run shows a token.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RequestLogEntry } from '../../sandbox';
import type { NodeRunResult } from '../../harness/engine';
import type { Kit } from './kit';
import { jsonOf, only, visibleText } from './runReaders';

/**
 * The run succeeded and sent exactly one request, to `route` ('POST /api/user/lead'), matching
 * `expected` (status, query, body, ...) where given; that request, for the checks of its body.
 */
export async function expectSentOnce(
	kit: Kit,
	result: NodeRunResult,
	route: string,
	expected: Partial<RequestLogEntry> = {},
): Promise<RequestLogEntry> {
	expect(result.error).toBeUndefined();
	const [method, path] = route.split(' ');
	const request = only(await kit.requests());
	expect(request).toMatchObject({ method, path, ...expected });
	return request;
}

/**
 * The run sent one DELETE to `path`, answered 200, and output the one item `output` with
 * `deleted: true` (the ID under its name and the service's message).
 */
export async function expectDeletedOnce(
	kit: Kit,
	result: NodeRunResult,
	path: string,
	output: IDataObject,
): Promise<void> {
	expect(only(await kit.requests())).toMatchObject({ method: 'DELETE', path, status: 200 });
	expect(jsonOf(result)).toEqual([{ deleted: true, ...output }]);
}

/** The run failed the local validation, before anything was sent: no output, a NodeOperationError naming `field`, no request. */
export async function expectFailedBeforeSending(
	kit: Kit,
	result: NodeRunResult,
	field: string,
): Promise<void> {
	expect(result.output).toHaveLength(0);
	expect(result.error?.name).toBe('NodeOperationError');
	expect(result.error?.message).toContain(field);
	expect(await kit.requests()).toHaveLength(0);
}

/** Each output item came from the input item at the same place in `inputIndexes`. */
export function expectPairedWith(result: NodeRunResult, inputIndexes: number[]): void {
	expect(result.output.map((item) => item.pairedItem)).toEqual(
		inputIndexes.map((item) => ({ item })),
	);
}

/**
 * A Continue On Fail run of three items whose middle one was refused before sending: no run error,
 * three items in order, the middle one an error item naming `field` without an HTTP status.
 */
export function expectMiddleItemRefused(result: NodeRunResult, field: RegExp): void {
	expect(result.error).toBeUndefined();
	expect(result.output).toHaveLength(3);
	expectPairedWith(result, [0, 1, 2]);
	expect(result.output[1].json).toMatchObject({
		error: expect.stringMatching(field),
		httpCode: null,
	});
}

/**
 * The check a node suite ends with where another suite's own check covers the rest of its tests: no
 * run of this file shows the credential's token or a sandbox user's. `title` and `minRuns` name a
 * suite's own check, which also proves it ran more than a few times.
 */
export function describeTokenNeverShown(
	kit: () => Kit,
	{ title = 'the API token', minRuns = 1 }: { title?: string; minRuns?: number } = {},
): void {
	describe(title, () => {
		it("never appears in any output item, error message, description or context of this file's runs", () => {
			expect(kit().runs.length).toBeGreaterThanOrEqual(minRuns);
			const { credentials, sandbox } = kit();
			for (const result of kit().runs)
				for (const token of [credentials.apiToken, sandbox.tokens.alice, sandbox.tokens.bob])
					expect(visibleText(result)).not.toContain(token);
		});
	});
}

/** The run output exactly one item, from the first input item; that item's JSON. */
export function onlyItemOf(result: NodeRunResult): IDataObject {
	expect(result.output).toHaveLength(1);
	expect(result.output[0].pairedItem).toEqual({ item: 0 });
	return result.output[0].json;
}
