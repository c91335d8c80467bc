import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { RateLimitedEndpoint } from './constants';

/** Every n8n context the nodes send requests from. */
export type FamulorRequestContext =
	IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions | IPollFunctions;

export interface FamulorRequest {
	method: IHttpRequestMethods;
	/** Path exactly as the seed specification (the API docs of February 2026) writes it, e.g. `/api/user/make_call`. */
	path: string;
	qs?: IDataObject;
	/** JSON object, or FormData for file uploads. */
	body?: IDataObject | FormData;
	/**
	 * Whether sending the request again after a lost or failed answer cannot cause a second effect.
	 * Defaults to true for GET and PUT (same body) and false otherwise: a call, message, purchase,
	 * upload or generated reply must never be sent twice.
	 */
	safeToRepeat?: boolean;
	/** Endpoint with a documented rate limit: requests are paced to stay under it. */
	rateLimit?: RateLimitedEndpoint;
	/** Item the request belongs to, so errors point at it. */
	itemIndex?: number;
}
