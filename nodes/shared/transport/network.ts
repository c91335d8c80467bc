/**
 * What a request that got no HTTP answer at all may have done. "Not sent" failures happen before the
 * request left this machine (no connection, no such host, TLS refused, a header that cannot be
 * written), so repeating them can never cause a second effect; the others (a reset, a timeout while
 * waiting) may have reached the service.
 */
export interface NetworkFailure {
	sent: boolean;
	/** Whether a later attempt may succeed (a refused connection may, an unknown host will not). */
	transient: boolean;
	/** What happened, in words, naming the host. */
	reason: string;
	/** What the user should do. */
	advice?: string;
	code: string;
}

interface ErrorLike {
	code?: unknown;
	/** n8n's NodeApiError keeps the network error's code here (e.g. "ECONNREFUSED"). */
	httpCode?: unknown;
	message?: unknown;
	syscall?: unknown;
	cause?: unknown;
	name?: unknown;
}

const TLS_CODE =
	/^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|EPROTO$)/;

/** The innermost error with a code, following `cause` (n8n wraps axios, axios wraps Node's error). */
function chain(error: unknown): ErrorLike[] {
	const found: ErrorLike[] = [];
	let current: unknown = error;
	for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
		found.push(current as ErrorLike);
		current = (current as ErrorLike).cause;
	}
	return found;
}

/** What to check when the service cannot be reached; the credential's Base URL hint says the same. */
export function checkBaseUrlAdvice(host?: string): string {
	return `Check the Base URL of the Famulor AI API credential${host ? ` (now ${host})` : ''} and that the service is reachable from n8n.`;
}

export function isAborted(error: unknown): boolean {
	return chain(error).some(({ name }) => name === 'AbortError' || name === 'CanceledError');
}

export function classifyNetworkFailure(
	error: unknown,
	host: string,
	timeoutMs: number,
): NetworkFailure {
	const innermostFirst = chain(error).reverse();
	const codes = innermostFirst
		.flatMap(({ code, httpCode }) => [code, httpCode])
		.filter((value): value is string => typeof value === 'string' && /^[A-Z_]+$/.test(value));
	const code = codes[0] ?? 'NETWORK_ERROR';
	const syscall = innermostFirst
		.map(({ syscall }) => syscall)
		.find((value) => typeof value === 'string');
	const message = innermostFirst
		.map(({ message }) => message)
		.find((value) => typeof value === 'string' && value !== '') as string | undefined;
	const checkBaseUrl = checkBaseUrlAdvice(host);

	if (code === 'ECONNREFUSED')
		return {
			sent: false,
			transient: true,
			code,
			reason: `${host} refused the connection`,
			advice: checkBaseUrl,
		};
	if (code === 'ENOTFOUND')
		return {
			sent: false,
			transient: false,
			code,
			reason: `the host name of ${host} could not be resolved`,
			advice: checkBaseUrl,
		};
	if (code === 'EAI_AGAIN')
		return {
			sent: false,
			transient: true,
			code,
			reason: `the host name of ${host} could not be resolved right now (DNS)`,
			advice: checkBaseUrl,
		};
	if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
		return {
			sent: false,
			transient: true,
			code,
			reason: `${host} is unreachable from this network`,
			advice: checkBaseUrl,
		};
	if (TLS_CODE.test(code)) {
		return {
			sent: false,
			transient: false,
			code,
			reason: `the secure (TLS) connection to ${host} failed: ${message ?? code}`,
			advice:
				'Check that the Base URL uses the right scheme (https for the Famulor service) and that its certificate is valid.',
		};
	}
	if (code === 'ERR_INVALID_CHAR' || code === 'ERR_HTTP_INVALID_HEADER_VALUE') {
		return {
			sent: false,
			transient: false,
			code,
			reason: 'a request header contains a character that cannot be sent',
			advice:
				'Copy the API Token of the Famulor AI API credential again: it may hold a line break or a character beyond Latin-1.',
		};
	}
	if (code === 'ERR_INVALID_URL' || code === 'ERR_UNESCAPED_CHARACTERS') {
		return {
			sent: false,
			transient: false,
			code,
			reason: 'the request URL is not valid',
			advice: checkBaseUrl,
		};
	}
	if ((code === 'ETIMEDOUT' || code === 'ECONNABORTED') && syscall === 'connect') {
		return {
			sent: false,
			transient: true,
			code,
			reason: `no connection to ${host} could be opened in time`,
			advice: checkBaseUrl,
		};
	}
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(message ?? '')) {
		return {
			sent: true,
			transient: true,
			code,
			reason: `no answer from ${host} within ${Math.round(timeoutMs / 1000)} s (the credential's Request Timeout)`,
		};
	}
	if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(message ?? '')) {
		return {
			sent: true,
			transient: true,
			code,
			reason: `the connection to ${host} was closed before an answer arrived`,
		};
	}
	return { sent: true, transient: true, code, reason: `${message ?? 'network error'} (${host})` };
}
