import { NodeOperationError, type INode } from 'n8n-workflow';

import {
	CREDENTIAL_TYPE,
	DEFAULT_BASE_URL,
	DEFAULT_REQUEST_TIMEOUT_SECONDS,
	DOCUMENTED_GENERAL_LIMITS,
	DOCUMENTED_RATE_LIMITS,
	type RateLimitedEndpoint,
} from './constants';
import { asNodeError } from './errors/errors';
import { withSecretsMasked } from './errors/masking';
import { newerPlatformProblem } from './newerPlatform';
import type { FamulorRequestContext } from './types';

export interface FamulorCredentials {
	apiToken: string;
	baseUrl?: string;
	customRateLimits?: boolean;
	generateReplyLimit?: number;
	generateReplyWindowSeconds?: number;
	sendFreeformLimit?: number;
	sendFreeformWindowSeconds?: number;
	generalLimit?: number;
	generalWindowSeconds?: number;
	generalBurstLimit?: number;
	generalBurstWindowSeconds?: number;
	requestTimeoutSeconds?: number;
}

export interface RateLimit {
	limit: number;
	windowMs: number;
}

export interface ResolvedCredentials {
	baseUrl: string;
	/** Identifies the token without holding it, for per-token pacing. */
	tokenKey: string;
	timeoutMs: number;
	rateLimits: Record<RateLimitedEndpoint, RateLimit>;
	/** The account-wide windows every request counts against; empty when the user turned pacing off. */
	generalLimits: RateLimit[];
	/** Replaces the token and the Base URL's user info wherever they appear in a text (see secretMasker). */
	maskSecrets(text: string): string;
}

/** Control characters (line breaks, tabs, NUL, …) that `new URL()` would silently drop or keep. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Accepts `https://host`, `https://host/` and `https://host/api` alike; rejects anything but http(s). */
export function normalizeBaseUrl(node: INode, raw: string | undefined): string {
	const candidate = (raw ?? '').trim() || DEFAULT_BASE_URL;
	if (CONTROL_CHARACTERS.test(candidate)) {
		throw new NodeOperationError(
			node,
			'Credential field "Base URL" contains a line break or another control character: enter the URL again, e.g. https://app.famulor.de',
		);
	}
	let url: URL;
	try {
		url = new URL(candidate);
	} catch {
		throw new NodeOperationError(
			node,
			`Credential field "Base URL" is not a valid URL: "${candidate}"`,
			{
				description: 'Use the form https://app.famulor.de',
			},
		);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new NodeOperationError(
			node,
			`Credential field "Base URL" must use http or https, got "${url.protocol}"`,
		);
	}
	const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
	return `${url.origin}${path}`;
}

/** Short, non-reversible fingerprint of the token (FNV-1a), so limiter keys never hold the token itself. */
function fingerprint(token: string): string {
	let hash = 0x811c9dc5;
	for (let index = 0; index < token.length; index++) {
		hash ^= token.charCodeAt(index);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return `${token.length}:${hash.toString(16)}`;
}

function positiveOr(value: number | undefined, fallback: number): number {
	return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A window given in seconds on the credential, in milliseconds; the documented one when unset. */
function windowMsOr(seconds: number | undefined, documentedMs: number): number {
	return Math.round(positiveOr(seconds, documentedMs / 1000) * 1000);
}

/**
 * HTTP header values may hold tabs, visible ASCII and Latin-1 only; a token pasted with a line break
 * or a character beyond Latin-1 could never be sent, so it is refused before anything is.
 */
function checkToken(node: INode, token: string): void {
	if (token.trim() === '') {
		throw new NodeOperationError(
			node,
			'Credential field "API Token" is empty: paste the API key from the Famulor dashboard (API Keys)',
		);
	}
	const bad = /[\u0000-\u0008\u000a-\u001f\u007f]|[^\u0000-\u00ff]/.exec(token);
	if (bad) {
		const what =
			bad[0] === '\n' || bad[0] === '\r'
				? 'a line break'
				: bad[0].charCodeAt(0) > 0xff
					? `the character "${bad[0]}", which an HTTP header cannot carry`
					: 'a control character';
		throw new NodeOperationError(
			node,
			`Credential field "API Token" contains ${what} at position ${bad.index + 1}, so no request was sent: copy the API key from the Famulor dashboard again`,
		);
	}
}

/** The forms a secret takes in a text: as typed, URL-encoded (a path, a query) and JSON-escaped. */
function spellingsOf(secret: string): string[] {
	const forms = [secret, JSON.stringify(secret).slice(1, -1)];
	try {
		forms.push(encodeURIComponent(secret), encodeURI(secret));
		forms.push(new URL(`http://h/${secret}`).pathname.slice(1));
	} catch {
		// A lone surrogate cannot be URL-encoded; it cannot be in a URL either.
	}
	return forms;
}

/** `user:password` of `scheme://user:password@host`, read without parsing: the URL may be invalid. */
function userInfoOf(baseUrl: string): string[] {
	const userInfo = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)@/i.exec(baseUrl.trim())?.[1];
	if (!userInfo) return [];
	const password = userInfo.slice(userInfo.indexOf(':') + 1);
	return userInfo.includes(':') ? [userInfo, password] : [userInfo];
}

/**
 * Replaces the API token and the Base URL's user info, in every spelling, wherever they appear in a
 * text. Secrets shorter than 4 characters are left alone: masking them would garble every message.
 */
export function secretMasker(token: string, baseUrl = ''): (text: string) => string {
	const secrets = [token.trim(), ...userInfoOf(baseUrl)].filter((secret) => secret.length >= 4);
	const spellings = [...new Set(secrets.flatMap(spellingsOf))]
		.filter((spelling) => spelling.length >= 4)
		.sort((a, b) => b.length - a.length);
	if (spellings.length === 0) return (text) => text;
	return (text) => spellings.reduce((masked, spelling) => masked.split(spelling).join('***'), text);
}

/** The documented general windows, or the user's; a window of 0 requests is switched off. */
function generalLimitsOf(credentials: FamulorCredentials): RateLimit[] {
	if (credentials.customRateLimits !== true)
		return DOCUMENTED_GENERAL_LIMITS.map((limit) => ({ ...limit }));
	const [sustained, burst] = DOCUMENTED_GENERAL_LIMITS;
	const chosen = [
		{
			limit: credentials.generalLimit ?? sustained.limit,
			windowMs: windowMsOr(credentials.generalWindowSeconds, sustained.windowMs),
		},
		{
			limit: credentials.generalBurstLimit ?? burst.limit,
			windowMs: windowMsOr(credentials.generalBurstWindowSeconds, burst.windowMs),
		},
	];
	// A limit of 0 switches that window off.
	return chosen
		.filter(({ limit }) => Number.isFinite(limit) && limit >= 1)
		.map(({ limit, windowMs }) => ({ limit: Math.floor(limit), windowMs }));
}

export async function resolveCredentials(
	this: FamulorRequestContext,
): Promise<ResolvedCredentials> {
	const credentials = (await this.getCredentials(CREDENTIAL_TYPE)) as unknown as FamulorCredentials;
	const token = String(credentials.apiToken ?? '');
	const maskSecrets = secretMasker(token, String(credentials.baseUrl ?? ''));
	try {
		return resolved(this.getNode(), credentials, token, maskSecrets);
	} catch (error) {
		// E.g. a Base URL that is the token itself, quoted by "not a valid URL".
		throw withSecretsMasked(asNodeError(this.getNode(), error), maskSecrets);
	}
}

function resolved(
	node: INode,
	credentials: FamulorCredentials,
	token: string,
	maskSecrets: (text: string) => string,
): ResolvedCredentials {
	const newerPlatform = newerPlatformProblem(String(credentials.baseUrl ?? ''), token);
	if (newerPlatform !== undefined) throw new NodeOperationError(node, newerPlatform);
	checkToken(node, token);
	const custom = credentials.customRateLimits === true;
	const limitFor = (
		endpoint: RateLimitedEndpoint,
		limit: number | undefined,
		windowSeconds: number | undefined,
	): RateLimit => {
		const documented = DOCUMENTED_RATE_LIMITS[endpoint];
		if (!custom) return { ...documented };
		return {
			limit: Math.floor(positiveOr(limit, documented.limit)),
			windowMs: windowMsOr(windowSeconds, documented.windowMs),
		};
	};
	return {
		baseUrl: normalizeBaseUrl(node, credentials.baseUrl),
		tokenKey: fingerprint(token),
		timeoutMs:
			positiveOr(credentials.requestTimeoutSeconds, DEFAULT_REQUEST_TIMEOUT_SECONDS) * 1000,
		rateLimits: {
			generateReply: limitFor(
				'generateReply',
				credentials.generateReplyLimit,
				credentials.generateReplyWindowSeconds,
			),
			sendFreeform: limitFor(
				'sendFreeform',
				credentials.sendFreeformLimit,
				credentials.sendFreeformWindowSeconds,
			),
		},
		generalLimits: generalLimitsOf(credentials),
		maskSecrets,
	};
}
