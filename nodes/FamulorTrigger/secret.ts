import { randomBytes, timingSafeEqual } from 'crypto';

/** Query parameter of the registered URL that carries the secret (n8n passes it to getQueryData()). */
export const SECRET_PARAMETER = 'secret';

/** A fresh secret per registration: 24 random bytes as 48 hex characters. */
export function mintSecret(): string {
	return randomBytes(24).toString('hex');
}

/** The URL registered with the service: n8n's webhook URL plus the secret in its query. */
export function urlWithSecret(webhookUrl: string, secret: string): string {
	const separator = webhookUrl.includes('?') ? '&' : '?';
	return `${webhookUrl}${separator}${SECRET_PARAMETER}=${encodeURIComponent(secret)}`;
}

/** The URL without query and fragment, so a registration can be recognised whatever secret it carries. */
export function withoutQuery(url: string): string {
	const end = url.search(/[?#]/);
	return (end === -1 ? url : url.slice(0, end)).replace(/\/+$/, '');
}

/** Constant-time comparison; a missing or differently sized value never matches. */
export function secretMatches(given: unknown, expected: unknown): boolean {
	if (typeof given !== 'string' || typeof expected !== 'string' || expected === '') return false;
	const givenBytes = Buffer.from(given, 'utf8');
	const expectedBytes = Buffer.from(expected, 'utf8');
	if (givenBytes.length !== expectedBytes.length) return false;
	return timingSafeEqual(givenBytes, expectedBytes);
}
