/**
 * What a delivery must carry to be accepted: the secret in its URL, a read receipt's signature, and
 * a receipt time within the tolerance.
 */
import { createHmac } from 'node:crypto';

import { RECEIPT_TOLERANCE_MS } from '../../nodes/FamulorTrigger/dedupe';
import { parseReceiptTime, staleReceipt } from '../../nodes/FamulorTrigger/freshness';
import {
	mintSecret,
	secretMatches,
	urlWithSecret,
	withoutQuery,
} from '../../nodes/FamulorTrigger/secret';
import { signatureMatches } from '../../nodes/FamulorTrigger/signature';

describe('secret', () => {
	it('mints 48 hex characters, different each time', () => {
		const a = mintSecret();
		expect(a).toMatch(/^[0-9a-f]{48}$/);
		expect(mintSecret()).not.toBe(a);
	});

	it('matches only the exact value', () => {
		const secret = mintSecret();
		expect(secretMatches(secret, secret)).toBe(true);
		expect(secretMatches(secret.toUpperCase(), secret)).toBe(false);
		expect(secretMatches(secret.slice(1), secret)).toBe(false);
		expect(secretMatches(undefined, secret)).toBe(false);
		expect(secretMatches(['x'], secret)).toBe(false);
		expect(secretMatches('', '')).toBe(false);
		expect(secretMatches('abc', undefined)).toBe(false);
	});

	it('appends the secret to the URL and strips queries for comparison', () => {
		expect(urlWithSecret('https://n8n.example.com/webhook/x/webhook', 'ab')).toBe(
			'https://n8n.example.com/webhook/x/webhook?secret=ab',
		);
		expect(urlWithSecret('https://n8n.example.com/webhook/x/webhook?a=1', 'ab')).toBe(
			'https://n8n.example.com/webhook/x/webhook?a=1&secret=ab',
		);
		expect(withoutQuery('https://n8n.example.com/webhook/x/webhook/?secret=ab')).toBe(
			'https://n8n.example.com/webhook/x/webhook',
		);
	});
});

describe('read-receipt signature', () => {
	const raw = Buffer.from('{"event":"message_status","status":"read"}');
	const hex = createHmac('sha256', 'signing-secret').update(raw).digest('hex');

	it('accepts the HMAC-SHA256 of the raw body, in either hex case', () => {
		expect(signatureMatches(raw, `sha256=${hex}`, 'signing-secret')).toBe(true);
		expect(signatureMatches(raw, `sha256=${hex.toUpperCase()}`, 'signing-secret')).toBe(true);
	});

	it('refuses a missing, malformed, truncated or foreign signature, and a missing body or secret', () => {
		expect(signatureMatches(raw, undefined, 'signing-secret')).toBe(false);
		expect(signatureMatches(raw, hex, 'signing-secret')).toBe(false);
		expect(signatureMatches(raw, `sha256=${hex.slice(2)}`, 'signing-secret')).toBe(false);
		expect(signatureMatches(raw, `sha256=${hex.slice(0, -1)}g`, 'signing-secret')).toBe(false);
		expect(signatureMatches(raw, `sha256=${hex}`, 'other-secret')).toBe(false);
		expect(signatureMatches(undefined, `sha256=${hex}`, 'signing-secret')).toBe(false);
		expect(signatureMatches(raw, `sha256=${hex}`, '')).toBe(false);
	});
});

describe('read receipt time', () => {
	const instant = Date.UTC(2026, 5, 8, 9, 30, 2);

	it.each([
		['the documented shape', '2026-06-08T09:30:02+00:00', instant],
		['another offset', '2026-06-08T11:30:02+02:00', instant],
		['Z', '2026-06-08T09:30:02Z', instant],
		['fractions and a compact offset', '2026-06-08 11:30:02.250999+0200', instant + 250],
		['an hour-only offset, no seconds', '2026-06-08T04:30-05', instant - 2_000],
		['Unix seconds', instant / 1000, instant],
		['Unix milliseconds', instant, instant],
	])('reads %s', (_case, value, expected) => {
		expect(parseReceiptTime(value)).toBe(expected);
	});

	it.each([
		['no time zone', '2026-06-08T09:30:02'],
		['a date only', '2026-06-08'],
		['words', 'yesterday'],
		['an impossible month', '2026-13-08T09:30:02Z'],
		['null', null],
		['an empty text', ''],
		['an object', { at: 1 }],
	])('refuses %s', (_case, value) => {
		expect(parseReceiptTime(value)).toBeUndefined();
	});

	it(`accepts a receipt up to ${RECEIPT_TOLERANCE_MS / 60_000} minutes off in either direction, no more`, () => {
		const at = (ms: number) => ({ timestamp: new Date(ms).toISOString() });
		expect(staleReceipt(at(instant - RECEIPT_TOLERANCE_MS), instant)).toBeUndefined();
		expect(staleReceipt(at(instant + RECEIPT_TOLERANCE_MS), instant)).toBeUndefined();
		expect(staleReceipt(at(instant - RECEIPT_TOLERANCE_MS - 1_000), instant)).toBe(
			"Unauthorized: the read receipt's timestamp 2026-06-08T09:25:01.000Z is more than 5 minutes from now (a replayed or delayed delivery)",
		);
		expect(staleReceipt(at(instant + RECEIPT_TOLERANCE_MS + 1_000), instant)).toMatch(
			/more than 5 minutes from now/,
		);
		expect(staleReceipt({}, instant)).toBe(
			'Unauthorized: the read receipt has no timestamp in ISO 8601 with a time zone, so its age cannot be checked',
		);
	});
});
