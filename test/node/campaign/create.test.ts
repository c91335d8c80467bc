import { describeTokenNeverShown, jsonOf, locator } from '../kit';
import { ALICE, kit, run } from './setup';

describe('Campaign → Create and Get Many', () => {
	it('sends POST /api/user/campaigns with typed fields; outputs the draft campaign', async () => {
		const result = await run('campaign', 'create', {
			name: 'Autumn',
			assistantId: locator(ALICE.outboundAssistantId),
			additionalFields: {
				timezone: 'Europe/Berlin',
				maxCallsInParallel: 2,
				allowedHoursStart: '09:00',
				allowedHoursEnd: '17:30',
				allowedDays: ['monday', 'friday'],
				maxRetries: 2,
				retryInterval: 30,
				retryOnGoalIncomplete: true,
				goalCompletionVariable: 'interested',
				markCompleteWhenNoLeads: false,
				phoneNumberIds: [12, 11],
			},
		});
		const request = await kit().expectSentOnce(result, 'POST /api/user/campaigns', {
			status: 201,
		});
		expect(request.body).toEqual({
			name: 'Autumn',
			assistant_id: 102,
			timezone: 'Europe/Berlin',
			max_calls_in_parallel: 2,
			allowed_hours_start_time: '09:00',
			allowed_hours_end_time: '17:30',
			max_retries: 2,
			retry_interval: 30,
			retry_on_goal_incomplete: true,
			goal_completion_variable: 'interested',
			mark_complete_when_no_leads: false,
			allowed_days: ['monday', 'friday'],
			phone_number_ids: [12, 11],
		});
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				id: expect.any(Number),
				name: 'Autumn',
				status: 'draft',
				allowed_hours_end_time: '17:30:00',
			}),
		]);
	});

	it.each([
		['more than 10 parallel calls', { maxCallsInParallel: 11 }, 'max_calls_in_parallel'],
		['a retry interval under 10 minutes', { retryInterval: 5 }, 'retry_interval'],
		['a time that is not HH:MM', { allowedHoursStart: '9 am' }, 'allowed_hours_start_time'],
		[
			'an end before the start',
			{ allowedHoursStart: '18:00', allowedHoursEnd: '09:00' },
			'allowed_hours_end_time',
		],
		['a time zone that is not IANA', { timezone: 'CET+1' }, 'timezone'],
		['a phone number twice', { phoneNumberIds: [12, 12] }, 'phone_number_ids'],
	])('fails on %s before sending', async (_case, additionalFields, field) => {
		const result = await run('campaign', 'create', {
			name: 'x',
			assistantId: locator(102),
			additionalFields,
		});
		await kit().expectFailedBeforeSending(result, field);
	});

	it('maps the 404 for an inbound assistant', async () => {
		const result = await run('campaign', 'create', {
			name: 'x',
			assistantId: locator(ALICE.inboundAssistantId),
		});
		expect(result.error?.message).toMatch(/404.*not an outbound assistant/);
	});
});

describeTokenNeverShown(kit);
