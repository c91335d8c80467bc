/**
 * A request that must not be repeated is sent once however n8n's Retry On Fail runs the node again:
 * at any volume (20,005 SMS), next to another workflow's run in the same process, with a body that
 * differs on the retry (`{{ $now }}`), and when the memory bound drops an answer (the item fails
 * "sent before, answer not kept" instead of sending again).
 */
jest.mock('../../nodes/shared/transport/constants', () =>
	jest.requireActual<typeof import('./journalBounds')>('./journalBounds').boundedConstants(),
);

import { SEED } from '../../sandbox';
import { startScriptedServer } from '../helpers/scriptedServer';
import { journalBounds, resetJournalBounds } from './journalBounds';
import { jsonOf, locator, useDrivenKit } from './kit';

const ALICE = SEED.alice;
const SMS_PATH = '/api/user/sms';
const LEAD_PATH = '/api/user/lead';
const RETRY = { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 };
const v2 = { typeVersion: 2 };

// The current API (version 2's assistant fields) with the seed's endpoints kept (SMS, leads).
const kit = useDrivenKit();

const sms = (body: string, parallelRequests = 20) => ({
	resource: 'sms',
	operation: 'send',
	from: locator(ALICE.smsPhoneNumberId),
	to: '+4915123456789',
	body,
	options: { parallelRequests },
});

const emptyItems = (count: number) => Array.from({ length: count }, () => ({ json: {} }));

/** Lets `skip` SMS through, then the next one gets a 502: its outcome is unknown. */
async function lastSmsFailsUnknown(skip: number): Promise<void> {
	await kit().fault({ method: 'POST', path: SMS_PATH, count: 1, kind: '502', skip });
}

beforeEach(async () => {
	await kit().control('POST', '/users/alice/balance', { balance: 1_000_000 });
});

afterEach(resetJournalBounds);

describe('Retry On Fail never sends a request twice, at any volume', () => {
	// The 21,005 requests take about 30 s of one core (2026-11-29) and wait for nothing else, Retry On
	// Fail's wait being on the driven clock: the timeout only catches a hang, also when a busy machine
	// gives this process a small share of a core.
	it('20,005 SMS whose last one fails "outcome unknown", while another workflow creates leads: every one sent exactly once', async () => {
		const count = 20_005;
		await lastSmsFailsUnknown(count - 1);
		const leads = 1_000;
		const [smsRun, leadRun] = await Promise.all([
			kit().run(sms('Ihr Termin ist morgen') as never, {
				...v2,
				input: emptyItems(count),
				settings: RETRY,
			}),
			kit().run(
				{
					resource: 'lead',
					operation: 'create',
					campaignId: locator(ALICE.draftCampaignId),
					phoneNumber: '+4915112340099',
					additionalFields: { allowDuplicate: true },
					options: { parallelRequests: 20 },
				} as never,
				{ ...v2, input: emptyItems(leads), settings: RETRY },
			),
		]);
		expect(smsRun.error?.message).toMatch(/outcome unknown.*not sent again/s);
		expect((await kit().requests(SMS_PATH)).length).toBe(count);
		expect(leadRun.error).toBeUndefined();
		expect(leadRun.output).toHaveLength(leads);
		expect((await kit().requests(LEAD_PATH)).length).toBe(leads);
	}, 900_000);

	it('a body built with {{ $now }} differs on the retry, and is still not sent again', async () => {
		await lastSmsFailsUnknown(2);
		const result = await kit().run(
			sms('={{ "Code " + $now.toMillis() + Math.random() }}', 1) as never,
			{
				...v2,
				input: emptyItems(3),
				settings: RETRY,
			},
		);
		expect(result.error?.message).toMatch(/not sent again/);
		expect(await kit().requests(SMS_PATH)).toHaveLength(3);
	});

	it('when the bound drops answers, the retry fails "sent before, answer not kept" and nothing is sent again', async () => {
		// Room for a few answers only: the oldest of the 40 are reduced to tombstones before the retry.
		journalBounds.memoryBytes = 8_000;
		journalBounds.carriedChars = 4_000;
		await lastSmsFailsUnknown(39);
		const result = await kit().run(sms('Ihr Termin ist morgen', 1) as never, {
			...v2,
			input: emptyItems(40),
			settings: RETRY,
		});
		expect(await kit().requests(SMS_PATH)).toHaveLength(40);
		expect(result.error?.message).toMatch(
			/^Famulor API request sent before, answer not kept: it went through in an earlier try of this execution or of the execution it retries, and its answer was dropped to keep the memory of sent requests within its bound, so it was not sent again\. Check the result in Famulor\./,
		);
		expect(result.error?.context?.errorCode).toBe('SENT_BEFORE');
	});

	it('a large answer keeps only its IDs, and the output says so', async () => {
		// A scripted service: item 0's SMS fails with an unknown outcome (under Continue On Fail n8n then
		// retries the node), item 1's answer is larger than an answer kept whole.
		const server = await startScriptedServer();
		try {
			server.enqueue(
				{ status: 502, raw: '<html>Bad Gateway</html>' },
				{
					status: 200,
					body: {
						success: true,
						data: { sms_id: 'SMS_1', status: 'sent', body: 'x'.repeat(5_000) },
					},
				},
			);
			const result = await kit().run(sms('Ihr Termin ist morgen', 1) as never, {
				...v2,
				input: emptyItems(2),
				settings: RETRY,
				continueOnFail: true,
				credentials: { baseUrl: server.url },
			});
			expect(server.requests).toHaveLength(2);
			const [first, second] = jsonOf(result);
			expect(String(first.error)).toMatch(/outcome unknown.*not sent again/s);
			expect(second).toEqual({
				sms_id: 'SMS_1',
				famulorNote:
					'Sent in an earlier try of this execution or of the execution it retries; its answer was too large to keep, so only its IDs are shown',
			});
		} finally {
			await server.close();
		}
	});
});
