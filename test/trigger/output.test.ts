import type { IDataObject } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { byId, useTriggerKit } from './triggerKit';

const OUTBOUND = SEED.alice.outboundAssistantId;

const kit = useTriggerKit();

async function activated(parameters: IDataObject) {
	const t = kit().trigger({ assistantId: byId(OUTBOUND), event: 'callCompleted', ...parameters });
	await t.lifecycle('create');
	return { t, url: t.signedUrl() };
}

/** The guide's example shape (https://docs.famulor.de/en/api-reference/webhooks/post-call): transcript array plus formatted_transcript, campaign call. */
const guidePayload = {
	id: 480336,
	customer_phone: '+4917612345678',
	assistant_phone: '+4930123456',
	duration: 180,
	status: 'completed',
	extracted_variables: { customer_name: 'Max', interested: true },
	input_variables: { source: 'crm' },
	transcript: [
		{ text: 'Guten Tag!', type: 'transcript', sender: 'bot', timestamp: 1750000000.1 },
		{ text: 'Hallo.', type: 'transcript', sender: 'human', timestamp: 1750000002.5 },
	],
	recording_url: 'https://recordings.famulor.de/480336.mp3',
	created_at: '2026-06-01T10:00:00.000000Z',
	finished_at: '2026-06-01T10:03:00.000000Z',
	lead: { id: 7, phone_number: '+4917612345678', variables: {}, status: 'contacted' },
	campaign: { id: 3, name: 'Spring', status: 'in-progress' },
};

describe('Simplify', () => {
	it('outputs call facts, extracted variables as extracted_<name> and the transcript text for a sandbox call', async () => {
		await activated({ simplify: true, options: { includeRecording: true } });
		const { callId } = await kit().endCall(OUTBOUND, {
			transcript: 'Assistant: Guten Tag\nCustomer: Hallo',
			extracted_variables: { customer_name: 'Max', interested: true, budget: 5000 },
			duration: 42,
		});
		expect(kit().deliveries).toHaveLength(1);
		expect(kit().deliveries[0].emitted).toEqual([
			{
				call_id: callId,
				status: 'completed',
				duration: 42,
				customer_phone: '+4917612345678',
				assistant_phone: expect.stringMatching(/^\+\d+$/),
				finished_at: expect.any(String),
				recording_url: `https://recordings.famulor.de/sandbox/${callId}.mp3`,
				extracted_customer_name: 'Max',
				extracted_interested: true,
				extracted_budget: 5000,
				transcript: 'Assistant: Guten Tag\nCustomer: Hallo',
			},
		]);
	});

	it('turns the array transcript into text, preferring formatted_transcript when sent', async () => {
		const { url } = await activated({ simplify: true });
		expect(await kit().post(url, guidePayload)).toBe(200);
		expect(
			await kit().post(url, {
				...guidePayload,
				id: 480337,
				formatted_transcript: 'AI: Guten Tag!\nCustomer: Hallo.',
			}),
		).toBe(200);
		const [first, second] = kit().deliveries.map((d) => d.emitted[0]);
		expect(first.transcript).toBe('AI: Guten Tag!\nCustomer: Hallo.');
		expect(first.extracted_customer_name).toBe('Max');
		expect(first).not.toHaveProperty('lead');
		expect(second.transcript).toBe('AI: Guten Tag!\nCustomer: Hallo.');
	});
});

describe('full output', () => {
	it('passes the payload through as sent (array transcript, lead, campaign, extra keys)', async () => {
		const { url } = await activated({});
		const sent = { ...guidePayload, formatted_transcript: 'AI: Guten Tag!\nCustomer: Hallo.' };
		expect(await kit().post(url, sent)).toBe(200);
		expect(kit().deliveries[0].emitted).toEqual([sent]);
	});

	it('adds documented fields the service left out as null', async () => {
		const { url } = await activated({});
		expect(await kit().post(url, { id: 5, status: 'busy' })).toBe(200);
		expect(kit().deliveries[0].emitted[0]).toEqual({
			id: 5,
			customer_phone: null,
			assistant_phone: null,
			duration: null,
			status: 'busy',
			extracted_variables: null,
			input_variables: null,
			transcript: null,
			recording_url: null,
			created_at: null,
			finished_at: null,
			lead: null,
			campaign: null,
		});
	});

	it.each([
		['version 1 (raw output)', 1, {}],
		['version 1.1 with Simplify off', 1.1, { simplify: false }],
	])(
		'%s: top-level json, binary and pairedItem keys are data under json, never the item',
		async (_case, typeVersion, parameters) => {
			const t = kit().trigger(
				{ assistantId: byId(OUTBOUND), event: 'callCompleted', ...parameters },
				{ typeVersion },
			);
			await t.lifecycle('create');
			const url = t.signedUrl();
			const forged = {
				...guidePayload,
				json: { id: 1, status: 'forged' },
				binary: { data: { data: 'ZXZpbA==', mimeType: 'text/plain', fileName: 'evil.txt' } },
				pairedItem: { item: 99 },
			};
			expect(await kit().post(url, forged)).toBe(200);
			const [item] = kit().deliveries[0].result.workflowData?.[0] ?? [];
			expect(Object.keys(item)).toEqual(['json']);
			expect(item.json).toEqual(forged);
		},
	);

	it('answers 400 to a body that is not a JSON object, without starting an execution', async () => {
		const { url } = await activated({});
		expect(await kit().post(url, [1, 2])).toBe(400);
		expect(kit().deliveries[0].emitted).toEqual([]);
	});
});
