import { NodeOperationError, type INode } from 'n8n-workflow';

import {
	CREDENTIAL_TYPE,
	DEFAULT_BASE_URL,
	DEFAULT_REQUEST_TIMEOUT_SECONDS,
	DOCUMENTED_RATE_LIMITS,
	type RateLimitedEndpoint,
} from './constants';
import type { FamulorRequestContext } from './types';

export interface FamulorCredentials {
	apiToken: string;
	baseUrl?: string;
	customRateLimits?: boolean;
	generateReplyLimit?: number;
	generateReplyWindowSeconds?: number;
	sendFreeformLimit?: number;
	sendFreeformWindowSeconds?: number;
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
}

/** Accepts `https://host`, `https://host/` and `https://host/api` alike; rejects anything but http(s). */
export function normalizeBaseUrl(node: INode, raw: string | undefined): string {
	const candidate = (raw ?? '').trim() || DEFAULT_BASE_URL;
	let url: URL;
	try {
		url = new URL(candidate);
	} catch {
		throw new NodeOperationError(node, `Credential field "Base URL" is not a valid URL: "${candidate}"`, {
			description: 'Use the form https://app.famulor.de',
		});
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new NodeOperationError(node, `Credential field "Base URL" must use http or https, got "${url.protocol}"`);
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

export async function resolveCredentials(this: FamulorRequestContext): Promise<ResolvedCredentials> {
	const credentials = (await this.getCredentials(CREDENTIAL_TYPE)) as unknown as FamulorCredentials;
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
			windowMs: Math.round(positiveOr(windowSeconds, documented.windowMs / 1000) * 1000),
		};
	};
	return {
		baseUrl: normalizeBaseUrl(this.getNode(), credentials.baseUrl),
		tokenKey: fingerprint(String(credentials.apiToken ?? '')),
		timeoutMs: positiveOr(credentials.requestTimeoutSeconds, DEFAULT_REQUEST_TIMEOUT_SECONDS) * 1000,
		rateLimits: {
			generateReply: limitFor('generateReply', credentials.generateReplyLimit, credentials.generateReplyWindowSeconds),
			sendFreeform: limitFor('sendFreeform', credentials.sendFreeformLimit, credentials.sendFreeformWindowSeconds),
		},
	};
}
