/**
 * A campaign's settings: the week days, the parallel-call ceiling, and each optional field's
 * parameter, API field, label and check.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import {
	checkBoolean,
	checkMaxLength,
	checkPattern,
	checkRange,
	requireText,
} from '../../validation';

export const WEEK_DAYS = [
	'monday',
	'tuesday',
	'wednesday',
	'thursday',
	'friday',
	'saturday',
	'sunday',
] as const;
/** The service's ceiling for parallel calls; a plan may allow fewer. */
export const MAX_CALLS_IN_PARALLEL = 10;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME_ZONE = /^([A-Za-z_]+(\/[A-Za-z0-9_+-]+)+|UTC)$/;

/** Each optional field: its parameter, API field, label and check. */
type Reader = (
	this: IExecuteFunctions,
	itemIndex: number,
	name: { label: string; field: string },
	value: unknown,
) => unknown;
export const OPTIONAL_FIELDS: Array<[string, string, string, Reader]> = [
	[
		'timezone',
		'timezone',
		'Timezone',
		function (i, n, v) {
			return checkPattern.call(this, i, n, v, TIME_ZONE, 'an IANA time zone such as Europe/Berlin');
		},
	],
	[
		'maxCallsInParallel',
		'max_calls_in_parallel',
		'Max Calls In Parallel',
		function (i, n, v) {
			return checkRange.call(this, i, n, v, 1, MAX_CALLS_IN_PARALLEL, true);
		},
	],
	[
		'allowedHoursStart',
		'allowed_hours_start_time',
		'Allowed Hours Start',
		function (i, n, v) {
			return checkPattern.call(this, i, n, v, TIME, 'a time HH:MM such as 09:00');
		},
	],
	[
		'allowedHoursEnd',
		'allowed_hours_end_time',
		'Allowed Hours End',
		function (i, n, v) {
			return checkPattern.call(this, i, n, v, TIME, 'a time HH:MM such as 17:00');
		},
	],
	[
		'maxRetries',
		'max_retries',
		'Max Retries',
		function (i, n, v) {
			return checkRange.call(this, i, n, v, 1, 5, true);
		},
	],
	[
		'retryInterval',
		'retry_interval',
		'Retry Interval (Minutes)',
		function (i, n, v) {
			return checkRange.call(this, i, n, v, 10, 4320, true);
		},
	],
	['retryOnVoicemail', 'retry_on_voicemail', 'Retry On Voicemail', checkBoolean],
	['retryOnGoalIncomplete', 'retry_on_goal_incomplete', 'Retry On Goal Incomplete', checkBoolean],
	[
		'goalCompletionVariable',
		'goal_completion_variable',
		'Goal Completion Variable',
		function (i, n, v) {
			return checkMaxLength.call(this, i, n, requireText.call(this, i, n, v), 255);
		},
	],
	[
		'markCompleteWhenNoLeads',
		'mark_complete_when_no_leads',
		'Mark Complete When No Leads',
		checkBoolean,
	],
];
