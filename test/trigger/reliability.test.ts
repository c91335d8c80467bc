/** Issue 10's trigger points: errors that carry the fix, one execution per delivery, Simplify by default. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import {
	claimDelivery,
	IN_FLIGHT_MAX_ENTRIES,
	IN_FLIGHT_MS,
} from '../../nodes/FamulorTrigger/inFlight';
import { SEED } from '../../sandbox';
import { byId, listeningTo, startTriggerKit, useTriggerKit } from './triggerKit';
import { drivingTimers, expectBackoffs, settledValue } from '../helpers/drivenClock';
import { stopDate } from '../helpers/realTimers';
import { MAX_RETRY_ATTEMPTS } from '../../nodes/shared/transport/constants';

const OUTBOUND = SEED.alice.outboundAssistantId;
const postCall = (extra?: IDataObject) => listeningTo(OUTBOUND, 'callCompleted', extra);

const kit = useTriggerKit();

async function failure(promise: Promise<unknown>): Promise<{ name?: string; message: string }> {
	return await promise.then(
		() => {
			throw new Error('expected a failure');
		},
		(error: unknown) => error as { name?: string; message: string },
	);
}

describe('activation and deactivation errors say what happened and what to do', () => {
	it('a wrong API token: the message names the 401 and the credential', async () => {
		const wrongToken = await startTriggerKit();
		try {
			wrongToken.credentials.apiToken = 'sbx_wrong_token_000000000000';
			const error = await failure(wrongToken.trigger(postCall()).lifecycle('create'));
			expect(error.message).toMatch(
				/^Looking up assistant #102 failed: Famulor answered 401 \(.+\)\. Check the API token of this trigger's Famulor credential, then publish the workflow again\.$/,
			);
		} finally {
			await wrongToken.stop();
		}
	});

	it("a refused registration names the step, the status, the service's message and the fix", async () => {
		await kit().ctl('POST', '/faults', {
			method: 'PUT',
			path: `/api/user/assistant/${OUTBOUND}`,
			kind: 503,
			count: 10,
		});
		try {
			const t = kit().trigger(postCall());
			const { result, waitsMs } = await drivingTimers(() => t.lifecycle('create'));
			// Each PUT refused with 503 is tried again after its backoff, as many times as allowed.
			expect((await kit().requests()).map((r) => [r.method, r.status])).toEqual([
				['GET', 200],
				...Array.from({ length: 1 + MAX_RETRY_ATTEMPTS }, () => ['PUT', 503]),
			]);
			expectBackoffs(waitsMs);
			const error = await failure(Promise.resolve().then(() => settledValue(result)));
			expect(error.message).toMatch(
				/^Registering the post-call webhook on assistant "Sales Outreach" \(#102\) failed: Famulor answered 503 \(.*\)\. Famulor had a problem: publish the workflow again in a few minutes\.$/,
			);
			expect(error.message).not.toContain('PUT /api');
		} finally {
			await kit().ctl('DELETE', '/faults');
		}
	});

	it('a failed removal after the token was revoked names the 401 and says to unpublish again', async () => {
		const t = kit().trigger(postCall());
		await t.lifecycle('create');
		const revoked = { ...kit().credentials };
		kit().credentials.apiToken = 'sbx_revoked_token_0000000000';
		try {
			const error = await failure(t.lifecycle('delete', 'internal', 'update'));
			expect(error.message).toMatch(
				/^Looking up assistant #102 failed: Famulor answered 401 \(.+\)\. Check the API token of this trigger's Famulor credential, then unpublish again\.$/,
			);
		} finally {
			kit().credentials.apiToken = revoked.apiToken;
		}
		expect(t.nodeStaticData().registration).toBeDefined();
	});
});

describe('replayed call and chat deliveries', () => {
	let instant = Date.now();
	afterEach(() => jest.useRealTimers());
	const CHAT_ASSISTANT = 104;
	const chatBody = (n: number) => ({
		id: n,
		conversation_id: `3f0c5a7e-0000-4000-8000-${String(n).padStart(12, '0')}`,
		status: 'ended',
		ended_at: '2026-06-08T11:30:00+02:00',
	});

	it.each([
		['Call Completed, by the call ID', postCall(), (n: number) => ({ id: n, status: 'completed' })],
		[
			'Conversation Ended, by the conversation ID and end time',
			// Famulor's list does not show the conversation-ended URL, so registering needs the option.
			{
				assistantId: byId(CHAT_ASSISTANT),
				event: 'conversationEnded',
				options: { replaceExisting: true },
			},
			chatBody,
		],
	])(
		'%s: a replay is recognised however many other deliveries arrived in between',
		async (_case, parameters, body) => {
			// Date stops where the process's claims of the cases before have expired: the claims pushing
			// this delivery's out are this case's own (and the process holds no others to evict).
			instant += 2 * IN_FLIGHT_MS;
			stopDate(instant);
			const t = kit().trigger(parameters as INodeParameters, { typeVersion: 1.1 });
			await t.lifecycle('create');
			const url = t.signedUrl();
			expect(await kit().post(url, body(1))).toBe(200);
			for (let i = 0; i < IN_FLIGHT_MAX_ENTRIES; i++)
				claimDelivery(`other trigger|${i}`, Date.now());
			// 300 other deliveries reach the trigger, handled as n8n does without the socket.
			for (let n = 2; n <= 301; n++) expect((await kit().deliver(url, body(n))).status).toBe(200);
			expect(await kit().post(url, body(1))).toBe(200);
			expect(kit().deliveries.at(-1)?.result.webhookResponse).toEqual({
				received: true,
				duplicate: true,
			});
			expect(kit().deliveries.flatMap((d) => d.emitted)).toHaveLength(301);
		},
	);

	it('a call delivery without an ID is deduplicated by a digest of its bytes', async () => {
		const t = kit().trigger(postCall());
		await t.lifecycle('create');
		const url = t.signedUrl();
		const anonymous = { status: 'completed', customer_phone: '+4917612345678' };
		expect(await kit().post(url, anonymous)).toBe(200);
		expect(await kit().post(url, anonymous)).toBe(200);
		expect(await kit().post(url, { ...anonymous, status: 'busy' })).toBe(200);
		expect(kit().deliveries.map((d) => d.emitted.length)).toEqual([1, 0, 1]);
	});
});

describe('copies of one delivery at the same instant', () => {
	it('start one execution (each copy loaded the static data before either saved it)', async () => {
		const t = kit().trigger(postCall());
		await t.lifecycle('create');
		const url = t.signedUrl();
		const copies = await kit().deliverTogether(url, { id: 481234, status: 'completed' }, 2);
		expect(copies.map((d) => d.status)).toEqual([200, 200]);
		expect(copies.map((d) => d.emitted.length).sort()).toEqual([0, 1]);
		expect(copies.find((d) => d.emitted.length === 0)?.result.webhookResponse).toEqual({
			received: true,
			duplicate: true,
		});
		// A different call at the same instant is not held back.
		const other = await kit().deliverTogether(url, { id: 481235, status: 'completed' }, 1);
		expect(other[0].emitted).toHaveLength(1);
	});

	it("of a new activation are not mistaken for copies of the previous activation's deliveries", async () => {
		const t = kit().trigger(postCall());
		await t.lifecycle('create');
		const first = t.signedUrl();
		expect((await kit().deliverTogether(first, { id: 482000 }, 1))[0].emitted).toHaveLength(1);
		await t.lifecycle('delete', 'internal', 'update');
		await t.lifecycle('create');
		const second = t.signedUrl();
		expect((await kit().deliverTogether(second, { id: 482000 }, 1))[0].emitted).toHaveLength(1);
	});
});

describe('Simplify', () => {
	it('is on for a new trigger (version 1.1) that never set it', async () => {
		const t = kit().trigger(postCall(), { typeVersion: 1.1 });
		await t.lifecycle('create');
		const { callId } = await kit().endCall(OUTBOUND, {
			extracted_variables: { customer_name: 'Max' },
		});
		expect(kit().deliveries[0].emitted).toEqual([
			expect.objectContaining({
				call_id: callId,
				extracted_customer_name: 'Max',
				transcript: expect.any(String),
			}),
		]);
		expect(kit().deliveries[0].emitted[0]).not.toHaveProperty('lead');
	});

	it('stays as set: off in version 1.1 when turned off, off in version 1 when never set, on in version 1 when set', async () => {
		const cases: Array<[number, IDataObject, boolean]> = [
			[1.1, { simplify: false }, false],
			[1, {}, false],
			[1, { simplify: true }, true],
		];
		for (const [typeVersion, parameters, simplified] of cases) {
			await kit().reset();
			const t = kit().trigger(postCall(parameters), { typeVersion });
			await t.lifecycle('create');
			await kit().endCall(OUTBOUND);
			const [item] = kit().deliveries[0].emitted;
			expect([typeVersion, parameters, 'call_id' in item]).toEqual([
				typeVersion,
				parameters,
				simplified,
			]);
		}
	});
});

describe('a service that cannot be reached', () => {
	it('names the missing answer and the Base URL to check', async () => {
		const unreachable = await startTriggerKit();
		try {
			unreachable.credentials.baseUrl = 'http://127.0.0.1:9';
			const t = unreachable.trigger(postCall());
			const { result, waitsMs } = await drivingTimers(() => t.lifecycle('create'));
			// Connection refused: the lookup is tried again after each backoff, as many times as allowed.
			expectBackoffs(waitsMs);
			const error = await failure(Promise.resolve().then(() => settledValue(result)));
			expect(error.message).toMatch(
				/^Looking up assistant #102 failed: no usable answer from Famulor \(.+\)\. Check the credential's Base URL and that n8n can reach Famulor, then publish the workflow again\.$/,
			);
		} finally {
			await unreachable.stop();
		}
	});
});
