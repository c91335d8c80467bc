/**
 * How the trigger recognises a delivery it has seen (the dedupe window) or is still handling (the
 * in-flight claims).
 */
import type { IDataObject } from 'n8n-workflow';

import {
	DEDUPE_MAX_ENTRIES,
	DEDUPE_WINDOW_MS,
	RECEIPT_TOLERANCE_MS,
	rememberDelivery,
} from '../../nodes/FamulorTrigger/dedupe';
import {
	claimDelivery,
	IN_FLIGHT_MAX_ENTRIES,
	IN_FLIGHT_MS,
	releaseClaim,
} from '../../nodes/FamulorTrigger/inFlight';

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
