import type {
	Icon,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import {
	DOCUMENTED_GENERAL_LIMITS,
	DOCUMENTED_RATE_LIMITS,
} from '../nodes/shared/transport/constants';
import { checkBaseUrlAdvice } from '../nodes/shared/transport/network';
import { newerPlatformProblem } from '../nodes/shared/transport/newerPlatform';

const [SUSTAINED, BURST] = DOCUMENTED_GENERAL_LIMITS;
const { generateReply: REPLY, sendFreeform: FREEFORM } = DOCUMENTED_RATE_LIMITS;
const seconds = (ms: number) => ms / 1000;

/**
 * Bearer-token credential for the Famulor API.
 * The rate-limit fields feed the transport's client-side pacing; they only need changing
 * for accounts whose limits differ from the documented ones.
 */
export class FamulorAiApi implements ICredentialType {
	name = 'famulorAiApi';

	displayName = 'Famulor AI API';

	icon: Icon = { light: 'file:../icons/famulor.svg', dark: 'file:../icons/famulor.dark.svg' };

	documentationUrl = 'https://docs.famulor.de/en/api-reference/authentication';

	properties: INodeProperties[] = [
		{
			displayName: 'API Token',
			name: 'apiToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'API key created in the Famulor dashboard under API Keys',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://app.famulor.de',
			required: true,
			placeholder: 'https://app.famulor.de',
			// n8n's credential test shows only the code of a failed connection (e.g. ECONNREFUSED) and runs
			// no code of ours, so the hint under the field says what the node's own errors say.
			description: `Root URL of the Famulor service, without /api. Change it only to use a local sandbox or a proxy. Must start with http:// or https://. If the test shows only a code such as ECONNREFUSED, ENOTFOUND or ETIMEDOUT, n8n could not connect to this host: ${checkBaseUrlAdvice()}`,
		},
		{
			displayName: 'Custom Rate Limits',
			name: 'customRateLimits',
			type: 'boolean',
			default: false,
			description: `Whether your account has rate limits other than the documented ones (all requests: ${SUSTAINED.limit} per minute with bursts of ${BURST.limit} per ${seconds(BURST.windowMs)} seconds; generate reply: ${REPLY.limit} per minute per token; WhatsApp messages: ${FREEFORM.limit} per second)`,
		},
		{
			displayName: 'All Requests: Requests per Window',
			name: 'generalLimit',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: SUSTAINED.limit,
			description:
				'The account-wide limit every request counts against. 0 turns this part of the pacing off (for a sandbox without limits); a 429 is still waited out.',
			displayOptions: { show: { customRateLimits: [true] } },
		},
		{
			displayName: 'All Requests: Window (Seconds)',
			name: 'generalWindowSeconds',
			type: 'number',
			typeOptions: { minValue: 0.1, numberPrecision: 1 },
			default: seconds(SUSTAINED.windowMs),
			displayOptions: { show: { customRateLimits: [true] } },
		},
		{
			displayName: 'All Requests: Burst Requests',
			name: 'generalBurstLimit',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: BURST.limit,
			description:
				'How many requests may be sent within any burst window. 0 turns this part of the pacing off.',
			displayOptions: { show: { customRateLimits: [true] } },
		},
		{
			displayName: 'All Requests: Burst Window (Seconds)',
			name: 'generalBurstWindowSeconds',
			type: 'number',
			typeOptions: { minValue: 0.1, numberPrecision: 1 },
			default: seconds(BURST.windowMs),
			displayOptions: { show: { customRateLimits: [true] } },
		},
		{
			displayName: 'Generate Reply: Requests per Window',
			name: 'generateReplyLimit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: REPLY.limit,
			displayOptions: { show: { customRateLimits: [true] } },
		},
		{
			displayName: 'Generate Reply: Window (Seconds)',
			name: 'generateReplyWindowSeconds',
			type: 'number',
			typeOptions: { minValue: 0.1, numberPrecision: 1 },
			default: seconds(REPLY.windowMs),
			displayOptions: { show: { customRateLimits: [true] } },
		},
		{
			displayName: 'WhatsApp Messages: Requests per Window',
			name: 'sendFreeformLimit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: FREEFORM.limit,
			displayOptions: { show: { customRateLimits: [true] } },
		},
		{
			displayName: 'WhatsApp Messages: Window (Seconds)',
			name: 'sendFreeformWindowSeconds',
			type: 'number',
			typeOptions: { minValue: 0.1, numberPrecision: 1 },
			default: seconds(FREEFORM.windowMs),
			displayOptions: { show: { customRateLimits: [true] } },
		},
		{
			displayName: 'Request Timeout (Seconds)',
			name: 'requestTimeoutSeconds',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 300 },
			default: 30,
			description: 'How long to wait for an answer before the request counts as failed',
		},
	];

	/**
	 * A function, not the generic `=Bearer {{$credentials.apiToken}}` template: n8n runs a template
	 * through its expression engine on every request, which was the largest per-request cost of a
	 * run of many reads (npm run bench, case 5). An own property, not a method: n8n copies credential
	 * types with `{...type}` and offers Custom API Call and domain restrictions only when the copy
	 * still has `authenticate`.
	 */
	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		// The credential test runs no other code of ours: a key or host of Famulor's newer platform is
		// refused here, before anything is sent, with the sentence the node's requests give too.
		const newerPlatform = newerPlatformProblem(
			String(credentials.baseUrl ?? ''),
			String(credentials.apiToken ?? ''),
		);
		if (newerPlatform !== undefined) throw new Error(newerPlatform);
		return {
			...requestOptions,
			// The token must not follow a redirect to another host (n8n sends it along by default), also
			// for requests n8n itself makes with this credential (Custom API Call, the credential test).
			sendCredentialsOnCrossOriginRedirect: false,
			headers: {
				...requestOptions.headers,
				Authorization: `Bearer ${String(credentials.apiToken ?? '')}`,
			},
		};
	};

	// The languages list is read-only, free and small: a cheap proof that the token works.
	test: ICredentialTestRequest = {
		request: {
			// Same normalisation as the transport (normalizeBaseUrl): blank means the service, spaces, a path's
			// trailing slashes and a trailing /api are tolerated.
			baseURL:
				'={{(String($credentials.baseUrl || "").trim() || "https://app.famulor.de").replace(/\\/+$/, "").replace(/\\/api$/, "").replace(/\\/+$/, "")}}',
			url: '/api/user/assistants/languages',
			headers: { Accept: 'application/json' },
		},
		// n8n shows only a rule's message (else the bare HTTP status text), so each documented refusal is
		// spelled out with the service's own words (https://docs.famulor.de/en/api-reference/authentication).
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'Famulor refused the API token (401: "The provided API key is invalid or expired"). Copy the API key from the Famulor dashboard (API Keys) into API Token.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'Famulor refused the API token (403: "Your API key does not have permission for this resource"). Use a key with API access.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'The Base URL answered 404 for the Famulor API: it does not point at Famulor. Use https://app.famulor.de (or the sandbox URL).',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 429,
					message:
						'Famulor answered 429 (too many requests: the token is at its rate limit). The token is valid; save again in a minute.',
				},
			},
		],
	};
}
