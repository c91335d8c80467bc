/**
 * What the trigger checks before a delivery starts an execution: the secret in its URL, a read
 * receipt's signature and time, and whether it was seen before (the dedupe window) or is still
 * being handled (the in-flight claims).
 */
import { createHmac } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import {
	DEDUPE_MAX_ENTRIES,
	DEDUPE_WINDOW_MS,
	RECEIPT_TOLERANCE_MS,
	rememberDelivery,
} from '../../nodes/FamulorTrigger/dedupe';
import { parseReceiptTime, staleReceipt } from '../../nodes/FamulorTrigger/freshness';
import {
	claimDelivery,
	IN_FLIGHT_MAX_ENTRIES,
	IN_FLIGHT_MS,
	releaseClaim,
} from '../../nodes/FamulorTrigger/inFlight';
import {
	mintSecret,
	secretMatches,
	urlWithSecret,
	withoutQuery,
} from '../../nodes/FamulorTrigger/secret';
import { signatureMatches } from '../../nodes/FamulorTrigger/signature';

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

describe('dedupe', () => {
	it('remembers a delivery for the whole window, its last millisecond included, and forgets it afterwards', () => {
		const data: IDataObject = {};
		expect(rememberDelivery(data, '1', 1_000)).toBe('new');
		expect(rememberDelivery(data, '1', 1_000 + DEDUPE_WINDOW_MS)).toBe('duplicate');
		expect(rememberDelivery(data, '1', 1_000 + DEDUPE_WINDOW_MS + 1)).toBe('new');
	});

	it('the window covers a receipt accepted at the early edge of the tolerance and replayed at the late edge', () => {
		expect(DEDUPE_WINDOW_MS).toBeGreaterThanOrEqual(2 * RECEIPT_TOLERANCE_MS);
	});

	it(`never forgets a live delivery: after ${DEDUPE_MAX_ENTRIES} others the next one is turned away ('full'), not recorded`, () => {
		const data: IDataObject = {};
		expect(rememberDelivery(data, 'first', 5_000)).toBe('new');
		expect(rememberDelivery(data, 'second', 5_000)).toBe('new');
		// The other deliveries as n8n would load them: live digests with their expiry.
		const others = Array.from({ length: DEDUPE_MAX_ENTRIES - 2 }, (_, id) => [
			String(id).padStart(32, '0'),
			5_000 + DEDUPE_WINDOW_MS,
		]);
		data.deliveries = { ...(data.deliveries as IDataObject), ...Object.fromEntries(others) };
		expect(rememberDelivery(data, 'one too many', 5_000)).toBe('full');
		expect(rememberDelivery(data, 'first', 6_000)).toBe('duplicate');
		expect(rememberDelivery(data, 'one too many', 6_000)).toBe('full');
		// The bound in bytes: a 32-character digest and an expiry per delivery.
		expect(JSON.stringify(data.deliveries).length).toBeLessThanOrEqual(DEDUPE_MAX_ENTRIES * 49 + 2);
		// Once the window has passed, room is made again.
		expect(rememberDelivery(data, 'one too many', 5_001 + DEDUPE_WINDOW_MS)).toBe('new');
		expect(Object.keys(data.deliveries as IDataObject)).toHaveLength(1);
	});

	it('keeps a very long ID in the same few bytes', () => {
		const data: IDataObject = {};
		rememberDelivery(data, 'x'.repeat(100_000), 0);
		expect(JSON.stringify(data.deliveries).length).toBeLessThanOrEqual(49 + 2);
	});

	it('reads the list an older version stored, keeping its entries for their window', () => {
		const data: IDataObject = {
			deliveries: [{ id: 'old', at: 1_000 }] as unknown as IDataObject[],
		};
		expect(rememberDelivery(data, 'old', 1_000 + DEDUPE_WINDOW_MS)).toBe('duplicate');
		expect(rememberDelivery(data, 'old', 2_000 + DEDUPE_WINDOW_MS + 1)).toBe('new');
	});

	it('tolerates damaged static data', () => {
		const data: IDataObject = { deliveries: 'garbage' };
		expect(rememberDelivery(data, '1', 0)).toBe('new');
		expect(rememberDelivery(data, '1', 1)).toBe('duplicate');
	});
});

describe('in-flight claims', () => {
	it('a key is claimed once until it expires', () => {
		const key = `units|${Math.random()}`;
		expect(claimDelivery(key, 1_000)).toBe(true);
		expect(claimDelivery(key, 1_000)).toBe(false);
		expect(claimDelivery(key, 1_000 + IN_FLIGHT_MS - 1)).toBe(false);
		expect(claimDelivery(key, 1_000 + IN_FLIGHT_MS)).toBe(true);
	});

	it('a released claim can be claimed again (a delivery turned away is handled on its retry)', () => {
		const key = `units|${Math.random()}`;
		expect(claimDelivery(key, 2_000)).toBe(true);
		releaseClaim(key);
		expect(claimDelivery(key, 2_000)).toBe(true);
	});

	it(`holds at most ${IN_FLIGHT_MAX_ENTRIES} claims, dropping the oldest`, () => {
		const now = 10_000_000;
		const keys = Array.from({ length: IN_FLIGHT_MAX_ENTRIES + 1 }, (_, i) => `bound|${i}`);
		for (const key of keys) claimDelivery(key, now);
		// Claiming a held key again is refused and changes nothing: every key but the oldest is held.
		const held = keys.slice(1).filter((key) => !claimDelivery(key, now));
		expect(held).toHaveLength(IN_FLIGHT_MAX_ENTRIES);
		expect(claimDelivery('bound|0', now)).toBe(true);
	});
});
