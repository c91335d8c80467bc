import type { RateLimit } from '../credentials';
import type { Reason } from './decide';
import { resetAtMs, resetAtOf, WINDOW_WITHOUT_RESET_MS, type BudgetView } from './budgetView';
import type { Refusal } from './state';

/** What a pacer knows when it explains a wait: the windows it holds to and the service's last report. */
export interface WaitContext {
	reason: Reason;
	view: BudgetView;
	clients: number;
	windows: readonly RateLimit[];
	endpoint?: { name: string; limit: RateLimit; share: number };
}

const perWindow = ({ limit, windowMs }: RateLimit) => `${limit} per ${windowMs / 1000} s`;

/** The service's last report of the token's minute window, as its headers said it. */
function reported(view: BudgetView): string {
	if (view.remaining === undefined) return 'no X-RateLimit headers heard yet';
	const reset = view.resetHeader ?? 'none';
	return `X-RateLimit-Remaining: ${view.remaining}, X-RateLimit-Reset: ${reset}`;
}

/** Why a request waits, and the window or answer behind it, in words for n8n's log. */
export function explainWait(w: WaitContext): string {
	const windows = w.windows.map(perWindow).join(', ');
	switch (w.reason) {
		case 'blocked':
			return `the service answered 429 for this API token (${reported(w.view)}); nothing is sent until the wait it asked for ends`;
		case 'reset':
			return `this process's share of the API token's minute window is spent (${reported(w.view)}, ${w.clients} client(s) share it); it resumes after the reset`;
		case 'window':
			return `the API token's general limit (${windows}) is reached by the requests of this n8n process`;
		case 'turn':
			return `the API token's burst window is shared with ${w.clients} client(s) (${reported(w.view)}); it waits for its turn in the next one`;
		case 'endpoint': {
			const e = w.endpoint;
			if (!e) return "an endpoint's own limit is reached";
			const share = e.share < e.limit.limit ? `, of which this process spends ${e.share} now` : '';
			return `the ${e.name} limit of ${perWindow(e.limit)} is reached${share}`;
		}
		case 'answers':
			return 'its requests under way are answered first';
	}
}

/** A wait for the reset longer than a request may still wait (`maxWaitMs`), as the last report said it. */
export function resetTooLong(view: BudgetView, maxWaitMs: number): string {
	const { resetHeader, remaining } = view;
	const resetAt = resetAtOf(view);
	const oneWindow = `so one window of ${WINDOW_WITHOUT_RESET_MS / 1000} s`;
	let reset = `X-RateLimit-Reset: ${resetHeader}`;
	if (resetHeader === undefined) reset = `no X-RateLimit-Reset, ${oneWindow}`;
	else if (resetAtMs(resetHeader) === undefined) reset += `, which is no Unix time, ${oneWindow}`;
	return `the service's rate limit for this API token has no request to spare until ${new Date(resetAt).toISOString()} (X-RateLimit-Remaining: ${remaining}, ${reset}), later than the ${Math.round(maxWaitMs / 1000)} s a request may wait`;
}

/** A 429's wait (another request's, or its own) longer than a request may still wait. */
export function refusalTooLong(refusal: Refusal, maxWaitMs: number): string {
	const until = new Date(refusal.until).toISOString();
	return `${refusal.why}: its wait ends at ${until}, later than the ${Math.round(maxWaitMs / 1000)} s a request may still wait`;
}
