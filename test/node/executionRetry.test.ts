/**
 * n8n's Retry of a failed execution (the executions list, an error workflow, the API) is a new
 * execution in mode `retry`, started from the failed execution's saved data. A request that must
 * not be repeated and went through (or ended outcome unknown) in the execution it retries is not
 * sent again; the items that were never sent are. In this process, and on another worker (this
 * process's memory emptied: only the execution's saved data knows what was sent).
 */
jest.mock('../../nodes/shared/transport/constants', () =>
	jest.requireActual<typeof import('./journalBounds')>('./journalBounds').boundedConstants(),
);

import { REMEMBERED_ANSWER_TTL_MS } from '../../nodes/shared/transport/constants';
import type { NodeRunResult } from '../../harness/engine';
import { journalBounds, resetJournalBounds } from './journalBounds';
import { callEachPhone, jsonOf, phoneItems, useDrivenKit } from './kit';

const CALL_PATH = '/api/user/make_call';
const CUSTOMERS = Array.from({ length: 5 }, (_, index) => `+49151123457${index}1`);
/** Each number asked for once: two before the failed third, the last two by the retry. */
const EACH_ONCE = [CUSTOMERS[0], CUSTOMERS[1], 'faulted', CUSTOMERS[3], CUSTOMERS[4]];

const kit = useDrivenKit();

const input = phoneItems(...CUSTOMERS);

/** A production execution of five calls. */
async function fiveCalls(retryOf?: NodeRunResult): Promise<NodeRunResult> {
	return await kit().run(callEachPhone as never, {
		typeVersion: 2,
		input,
		mode: 'trigger',
		retryOf,
	});
}

/** The numbers the service was asked to call, in order; a faulted request (no body logged) as `faulted`. */
async function calledNumbers(): Promise<string[]> {
	return (await kit().requests(CALL_PATH)).map(
		(request) => (request.body as { phone_number?: string } | null)?.phone_number ?? 'faulted',
	);
}

/** The third call of the next run gets `kind`. */
async function thirdCallFails(kind: '500' | '429', retryAfter?: number): Promise<void> {
	await kit().control('POST', '/faults', {
		method: 'POST',
		path: CALL_PATH,
		count: 1,
		kind,
		skip: 2,
		...(retryAfter === undefined ? {} : { retryAfter }),
	});
}

afterEach(resetJournalBounds);

/**
 * What a retry on another worker finds: nothing of the failed execution in this process's memory.
 * Here its memory has let the execution go (REMEMBERED_ANSWER_TTL_MS after its last request), so only
 * the execution's saved data knows what was sent.
 */
function asOnAnotherWorker(): void {
	jest.setSystemTime(Date.now() + REMEMBERED_ANSWER_TTL_MS);
}

describe.each([
	['in the same process', () => {}],
	['on another worker', asOnAnotherWorker],
])("n8n's Retry of a failed execution, %s", (_where, beforeRetry) => {
	it("a 500 on the third call (outcome unknown): the retry sends only the fourth and fifth, and repeats the third's error", async () => {
		await thirdCallFails('500');
		const failed = await fiveCalls();
		expect(failed.error?.message).toMatch(/outcome unknown/);
		beforeRetry();
		const retried = await fiveCalls(failed);
		expect(await calledNumbers()).toEqual(EACH_ONCE);
		expect(retried.error?.message).toMatch(
			/outcome unknown.*\(remembered from an earlier try of this execution or of the execution it retries: not sent again\)/s,
		);
		expect(retried.error?.context?.errorCode).toBe('OUTCOME_UNKNOWN');
		// Retrying the retry sends nothing more.
		beforeRetry();
		await fiveCalls(retried);
		expect(await kit().requests(CALL_PATH)).toHaveLength(5);
	});

	it('a refused third call: the retry answers the first two from memory and sends the rest', async () => {
		// A 429 asking for longer than a request may wait: refused, not processed, so sent again.
		await thirdCallFails('429', 3_600);
		const failed = await fiveCalls();
		expect(failed.error?.message).toMatch(/^Famulor API error 429/);
		beforeRetry();
		const retried = await fiveCalls(failed);
		expect(retried.error).toBeUndefined();
		expect(await calledNumbers()).toEqual([
			CUSTOMERS[0],
			CUSTOMERS[1],
			'faulted',
			CUSTOMERS[2],
			CUSTOMERS[3],
			CUSTOMERS[4],
		]);
		const calls = jsonOf(retried);
		expect(calls).toHaveLength(5);
		const placed = await kit().control<Array<{ id: number }>>('GET', '/calls');
		const ids = calls.map((call) => call.call_id);
		for (const id of ids) expect(placed.map((entry) => entry.id)).toContain(id);
		expect(new Set(ids).size).toBe(5);
		// The first two are the answers the failed execution got.
		expect(ids.slice(0, 2)).toEqual(
			(failed.error?.context?.succeededItems as Array<{ ids: string[] }>).map((item) =>
				Number(item.ids[0]),
			),
		);
	});

	it('an earlier successful execution with the same input does not stop the retry of another one from sending', async () => {
		const earlier = await fiveCalls();
		expect(earlier.error).toBeUndefined();
		await thirdCallFails('500');
		const failed = await fiveCalls();
		beforeRetry();
		await fiveCalls(failed);
		expect(await calledNumbers()).toEqual([...CUSTOMERS, ...EACH_ONCE]);
	});
});

describe("what an execution's saved data carries", () => {
	it('nothing once the node run succeeded', async () => {
		const done = await fiveCalls();
		expect(done.error).toBeUndefined();
		const context = done.saved?.executionData?.contextData['node:Famulor'];
		expect(context?.famulorSentRequests?.runs).toEqual({});
	});

	it('nothing for a node that only reads', async () => {
		const read = await kit().run(
			{ resource: 'assistant', operation: 'getAll', returnAll: true } as never,
			{
				typeVersion: 2,
			},
		);
		expect(read.error).toBeUndefined();
		expect(read.saved?.executionData?.contextData['node:Famulor']).toEqual({});
	});

	it('beyond its bound, tombstones: the retry on another worker fails those items "sent before" and sends nothing again', async () => {
		journalBounds.carriedChars = 150;
		await thirdCallFails('500');
		const failed = await fiveCalls();
		asOnAnotherWorker();
		const retried = await fiveCalls(failed);
		expect(await calledNumbers()).toEqual(EACH_ONCE);
		// The first call's answer was carried whole, the second only as "sent".
		const carried = failed.saved?.executionData?.contextData['node:Famulor']?.famulorSentRequests
			?.runs?.['0']?.outcomes as Record<string, string>;
		expect(Object.values(carried).map((outcome) => outcome[0])).toEqual(['a', 't', 'u']);
		expect(retried.error?.context?.errorCode).toBe('SENT_BEFORE');
	});
});
