/**
 * "Parallel Requests": up to N items at once for endpoints without a documented limit, output in
 * input order with pairedItem, failures reported on their own items.
 */
import { NodeHelpers } from 'n8n-workflow';

import { actionNodeDescription } from '../../harness/engine';
import { parallelRequestsProperty } from '../../nodes/Famulor/actions/concurrency';
import { locator, type Kit } from '../node/kit';
import { ALICE, expectOneItemPerInput, sessionStatusOf, startThroughputKit } from './kit';
import { useDrivenClock, wireEvents } from '../helpers/drivenClock';

const STATUS_PATH = '/api/user/whatsapp/session-status';
const OPEN = ALICE.openWindowCustomer.phone;
const UNKNOWN = ALICE.unknownCustomerPhone;

useDrivenClock();

let kit: Kit;

beforeAll(async () => {
	kit = await startThroughputKit({ webhookTimeoutMs: 20_000 }, { requestTimeoutSeconds: 1 });
});
afterAll(async () => {
	await kit.stop();
});
beforeEach(async () => {
	await kit.control('POST', '/reset');
});

const statusParameters = (parallelRequests?: number) =>
	sessionStatusOf('={{ $json.phone }}', parallelRequests === undefined ? {} : { parallelRequests });
const phoneItems = (phones: string[]) => phones.map((phone) => ({ json: { phone } }));

describe('Parallel Requests', () => {
	it.each([
		[1, [OPEN, OPEN, UNKNOWN]],
		[2, [OPEN, UNKNOWN, OPEN]],
	])(
		'with %i, the order requests reach the service shows whether item 1 waits for item 0',
		async (parallel, arrivalOrder) => {
			// Item 0's first request hangs until the 1 s timeout, then is retried.
			await kit.fault({ method: 'GET', path: STATUS_PATH, count: 1, kind: 'timeout' });
			const result = await kit.run(statusParameters(parallel), {
				input: phoneItems([OPEN, UNKNOWN]),
			});
			expect(result.error).toBeUndefined();
			expect((await kit.requests(STATUS_PATH)).map((entry) => entry.query.recipient_phone)).toEqual(
				arrivalOrder,
			);
			// Whatever finished first, the output follows the input.
			expect(result.output.map((item) => [item.pairedItem, item.json.has_conversation])).toEqual([
				[{ item: 0 }, true],
				[{ item: 1 }, false],
			]);
		},
	);

	it('keeps input order and pairedItem over many items, and reports each failure on its own item', async () => {
		const phones = Array.from({ length: 30 }, (_, n) =>
			n % 7 === 3 ? 'not-a-phone' : n % 2 === 0 ? OPEN : UNKNOWN,
		);
		const result = await kit.run(statusParameters(8), {
			input: phoneItems(phones),
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.output).toHaveLength(phones.length);
		result.output.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			if (phones[index] === 'not-a-phone') {
				expect(item.json.error).toMatch(/Recipient Phone/);
			} else {
				expect(item.json.error).toBeUndefined();
				expect(item.json.has_conversation).toBe(phones[index] === OPEN);
			}
		});
		const valid = phones.filter((phone) => phone !== 'not-a-phone');
		expect(
			(await kit.requests(STATUS_PATH)).map((entry) => entry.query.recipient_phone).sort(),
		).toEqual([...valid].sort());
	});

	it('without Continue On Fail, an invalid item fails the run before any item is sent', async () => {
		const phones = [
			OPEN,
			UNKNOWN,
			'not-a-phone',
			OPEN,
			UNKNOWN,
			OPEN,
			UNKNOWN,
			OPEN,
			UNKNOWN,
			OPEN,
		];
		const result = await kit.run(statusParameters(2), { input: phoneItems(phones) });
		expect(result.error?.message).toMatch(/Recipient Phone/);
		expect(result.error?.context?.itemIndex).toBe(2);
		expect(result.output).toEqual([]);
		expect(await kit.requests(STATUS_PATH)).toHaveLength(0);
	});

	it('without Continue On Fail, a refused item fails the run with its error and starts no item after it', async () => {
		const senders = [
			ALICE.senders.online,
			ALICE.senders.online,
			999_999,
			...Array<number>(7).fill(ALICE.senders.online),
		];
		const parameters = { ...statusParameters(2), senderId: locator('={{ $json.sender }}') };
		const result = await kit.run(parameters, {
			input: senders.map((sender) => ({ json: { sender, phone: OPEN } })),
		});
		expect(result.error?.message).toMatch(/404/);
		expect(result.error?.context?.itemIndex).toBe(2);
		expect(result.output).toEqual([]);
		// Items 0 and 1 ran; at most one more (item 3) was already under way when item 2 failed.
		const sent = await kit.requests(STATUS_PATH);
		expect(sent.length).toBeGreaterThanOrEqual(3);
		expect(sent.length).toBeLessThanOrEqual(4);
	});

	it('is offered for operations without a documented limit and hidden for AI replies and WhatsApp free-form sends', () => {
		const description = actionNodeDescription();
		expect(description.properties).toContain(parallelRequestsProperty);
		const shown = (resource: string, operation: string) =>
			NodeHelpers.displayParameter(
				{ resource, operation },
				parallelRequestsProperty,
				{ typeVersion: 1 },
				description,
			);
		expect(shown('whatsApp', 'getSessionStatus')).toBe(true);
		expect(shown('conversation', 'getAll')).toBe(true);
		expect(shown('call', 'make')).toBe(true);
		expect(shown('aiReply', 'generate')).toBe(false);
		expect(shown('whatsApp', 'sendFreeform')).toBe(false);
	});

	describe('version 2 without the option', () => {
		const v2Status = sessionStatusOf('={{ $json.phone }}');

		it('sends reads in parallel: item 1 reaches the service while item 0 still waits for its answer', async () => {
			await kit.fault({ method: 'GET', path: STATUS_PATH, count: 1, kind: 'timeout' });
			const result = await kit.run(v2Status as never, {
				input: phoneItems([OPEN, UNKNOWN, UNKNOWN]),
				typeVersion: 2,
			});
			expectOneItemPerInput(result, 3);
			expect((await kit.requests(STATUS_PATH)).map((entry) => entry.query.recipient_phone)).toEqual(
				[OPEN, UNKNOWN, UNKNOWN, OPEN],
			);
		});

		it('sends billed requests one at a time: item 1 starts only after item 0 ended', async () => {
			const sendEach = {
				resource: 'whatsApp',
				operation: 'sendFreeform',
				senderId: locator(ALICE.senders.online),
				recipientPhone: '={{ $json.phone }}',
				message: 'Hello',
			};
			await kit.fault({
				method: 'POST',
				path: '/api/user/whatsapp/send-freeform',
				count: 1,
				kind: 'timeout',
			});
			const result = await kit.run(sendEach as never, {
				input: phoneItems([OPEN, OPEN]),
				typeVersion: 2,
				continueOnFail: true,
			});
			expect(result.output[0].json.error).toMatch(/outcome unknown/);
			expect(await kit.requests('/api/user/whatsapp/send-freeform')).toHaveLength(2);
			// Item 0 was held until the credential's 1 s timeout; item 1 was not sent before that.
			const sends = wireEvents().filter((e) => e.path === '/api/user/whatsapp/send-freeform');
			expect(sends.map((e) => e.event)).toEqual(['start', 'timeout', 'start', 'end']);
		});
	});
});
