/**
 * Fault injection (sandbox `POST /__sandbox/faults`): a read recovers by retrying; a POST that may
 * have taken effect is sent once, never repeated, and fails its item saying the outcome is unknown;
 * every item is accounted for in the output; the sandbox's request log proves what was sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { locator, type Kit } from '../node/kit';
import {
	ALICE,
	expectOneItemPerInput,
	numberedItems,
	sessionStatusOf,
	startThroughputKit,
} from './kit';
import { useDrivenClock, wireEvents } from '../helpers/drivenClock';

const STATUS_PATH = '/api/user/whatsapp/session-status';
const FREEFORM_PATH = '/api/user/whatsapp/send-freeform';
const CALL_PATH = '/api/user/make_call';
/** How long the sandbox holds a `timeout` socket before dropping it: far above the credential's timeout. */
const HOLD_MS = 20_000;

/** Calls the test placed: every call the sandbox holds except the seeded ones. */
async function placedCalls(k: Kit): Promise<IDataObject[]> {
	const calls = await k.control<IDataObject[]>('GET', '/calls');
	const seeded = [...ALICE.callIds, ...SEED.bob.callIds];
	return calls.filter((call) => !seeded.includes(call.id as number));
}
const KINDS = ['500', '502', '503', 'timeout', 'reset', 'malformed'] as const;

useDrivenClock();

let kit: Kit;

beforeAll(async () => {
	kit = await startThroughputKit(
		{ webhookTimeoutMs: HOLD_MS, callDurationMs: 0 },
		{ requestTimeoutSeconds: 1 },
	);
});
afterAll(async () => {
	await kit.stop();
});
beforeEach(async () => {
	await kit.control('POST', '/reset');
});

const statusParameters = sessionStatusOf('={{ $json.phone }}');
const statusInput = () => [
	{ json: { phone: ALICE.openWindowCustomer.phone } },
	{ json: { phone: ALICE.unknownCustomerPhone } },
];

const freeformParameters = {
	resource: 'whatsApp',
	operation: 'sendFreeform',
	senderId: locator(ALICE.senders.online),
	recipientPhone: ALICE.openWindowCustomer.phone,
	message: '=message {{ $json.n }}',
};

describe.each(KINDS)('fault %s', (kind) => {
	it('a GET recovers by retrying: every item gets its answer, in order', async () => {
		await kit.fault({ method: 'GET', path: STATUS_PATH, count: 2, kind });
		const result = await kit.run(statusParameters, { input: statusInput() });

		expectOneItemPerInput(result, 2);
		expect(result.output.map((item) => item.json.has_conversation)).toEqual([true, false]);
		const log = await kit.requests(STATUS_PATH);
		expect(log.map((entry) => entry.fault ?? null)).toEqual([kind, kind, null, null]);
		expect(log.map((entry) => entry.query.recipient_phone)).toEqual([
			ALICE.openWindowCustomer.phone,
			ALICE.openWindowCustomer.phone,
			ALICE.openWindowCustomer.phone,
			ALICE.unknownCustomerPhone,
		]);
		expect(log.slice(2).map((entry) => entry.status)).toEqual([200, 200]);
		// A held connection is given up at the credential's 1 s timeout, not when the sandbox drops it
		// (HOLD_MS later on the driven clock, which stands still while a request is under way).
		const ends = wireEvents()
			.filter((e) => e.path.startsWith(STATUS_PATH) && e.event !== 'start')
			.map((e) => e.event);
		expect(ends).toEqual(
			kind === 'timeout' ? ['timeout', 'timeout', 'end', 'end'] : Array(4).fill('end'),
		);
	});

	it('a POST is sent once, fails its own item as outcome unknown, and the other items proceed', async () => {
		await kit.fault({ method: 'POST', path: FREEFORM_PATH, count: 1, kind });
		const result = await kit.run(freeformParameters, {
			input: numberedItems(3),
			continueOnFail: true,
		});

		expectOneItemPerInput(result, 3);
		const [failed, ...sent] = result.output.map((item) => item.json);
		expect(failed.error).toMatch(/outcome unknown/i);
		expect(failed.errorCode).toBe('OUTCOME_UNKNOWN');
		expect(String(failed.error)).toMatch(/was sent once and not repeated/i);
		for (const json of sent) expect(json).toMatchObject({ success: true });

		const log = await kit.requests(FREEFORM_PATH);
		expect(log).toHaveLength(3);
		expect(log[0].fault).toBe(kind);
		expect(
			log.slice(1).map((entry) => [entry.status, (entry.body as IDataObject).message]),
		).toEqual([
			[200, 'message 1'],
			[200, 'message 2'],
		]);
	});
});

describe('faults across items', () => {
	it('without Continue On Fail, a POST whose outcome is unknown stops the node and no later item is sent', async () => {
		await kit.fault({ method: 'POST', path: CALL_PATH, count: 1, kind: '500' });
		const result = await kit.run(
			{
				resource: 'call',
				operation: 'make',
				assistantId: locator(ALICE.outboundAssistantId),
				phoneNumber: '=+49151000000{{ $json.n }}',
			},
			{ input: numberedItems(3) },
		);
		expect(result.error?.message).toMatch(/outcome unknown/i);
		expect(result.error?.message).toMatch(/was sent once and not repeated/i);
		expect(await kit.requests(CALL_PATH)).toHaveLength(1);
		expect(await placedCalls(kit)).toEqual([]);
	});

	it('with Parallel Requests, a reset POST fails exactly its own item; every call is placed once and each output matches its input', async () => {
		await kit.fault({ method: 'POST', path: CALL_PATH, count: 1, kind: 'reset' });
		const phones = Array.from({ length: 8 }, (_, n) => `+4915100000${10 + n}`);
		const result = await kit.run(
			{
				resource: 'call',
				operation: 'make',
				assistantId: locator(ALICE.outboundAssistantId),
				phoneNumber: '={{ $json.phone }}',
				parallelRequests: 4,
			},
			{ input: phones.map((phone) => ({ json: { phone } })), continueOnFail: true },
		);
		expectOneItemPerInput(result, phones.length);

		// One request per item, the reset one included (its body never got parsed), and none repeated.
		const log = await kit.requests(CALL_PATH);
		expect(log).toHaveLength(phones.length);
		expect(log.filter((entry) => entry.fault === 'reset')).toHaveLength(1);
		const answered = log
			.filter((entry) => entry.status === 200)
			.map((entry) => (entry.body as IDataObject).phone_number as string);
		expect(new Set(answered).size).toBe(phones.length - 1);
		const resetPhones = phones.filter((phone) => !answered.includes(phone));
		expect(resetPhones).toHaveLength(1);
		const [resetPhone] = resetPhones;
		const calls = await placedCalls(kit);
		const phoneOfCall = new Map(calls.map((call) => [call.id, call.customer_phone]));
		expect(calls).toHaveLength(phones.length - 1);
		result.output.forEach((item, index) => {
			if (phones[index] === resetPhone) {
				expect(item.json.errorCode).toBe('OUTCOME_UNKNOWN');
				expect(item.json.error).toMatch(/outcome unknown/i);
			} else {
				expect(item.json.error).toBeUndefined();
				expect(phoneOfCall.get(item.json.call_id)).toBe(phones[index]);
			}
		});
	});

	it('a GET that keeps failing fails only its own item after the bounded retries; the next item still gets its answer', async () => {
		await kit.fault({ method: 'GET', path: STATUS_PATH, count: 5, kind: '503' });
		const result = await kit.run(statusParameters, { input: statusInput(), continueOnFail: true });
		expect(result.output).toHaveLength(2);
		expect(result.output[0].json.error).toBe('Famulor API error 503: Service Unavailable');
		expect(result.output[0].pairedItem).toEqual({ item: 0 });
		expect(result.output[1].json).toMatchObject({ success: true, has_conversation: false });
		expect(result.output[1].pairedItem).toEqual({ item: 1 });
		const log = await kit.requests(STATUS_PATH);
		expect(log.map((entry) => entry.status)).toEqual([503, 503, 503, 503, 503, 200]);
	});
});
