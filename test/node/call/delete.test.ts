import { CALL, kit, run, listedIds } from './setup.v2';
import { SEED } from '../../../sandbox';
import { actionNodeDescription } from '../../../harness/engine';
import { describeTokenNeverShown, locator } from '../kit';

describe('Call → Delete (v2)', () => {
	it('deletes the call, outputs {call_id, deleted}, and the call is gone afterwards', async () => {
		const result = await run({ operation: 'delete', callId: locator(CALL) });
		expect(result.error).toBeUndefined();
		await kit().expectDeletedOnce(result, `/api/user/calls/${CALL}`, {
			call_id: CALL,
			message: 'Call deleted successfully',
		});
		expect((await kit().api('GET', `/api/user/calls/${CALL}`)).status).toBe(404);
	});

	it('a second delete of the same call fails with the documented 404', async () => {
		await run({ operation: 'delete', callId: locator(CALL) });
		const again = await run({ operation: 'delete', callId: locator(CALL) });
		expect(again.error?.message).toBe(
			'Famulor API error 404: Call not found or does not belong to the authenticated user',
		);
		expect(again.error?.context).toMatchObject({ httpCode: 404 });
	});

	it('is never repeated when its outcome is unknown (a reset connection, then a 500)', async () => {
		await kit().fault({ method: 'DELETE', path: `/api/user/calls/${CALL}`, kind: '500', count: 5 });
		const failed = await run({ operation: 'delete', callId: locator(CALL) });
		expect(failed.error?.message).toMatch(/outcome unknown\)\. It was sent once and not repeated/);
		expect(await kit().requests()).toHaveLength(1);
		await kit().control('DELETE', '/faults');
		await kit().clearRequests();
		await kit().fault({
			method: 'DELETE',
			path: `/api/user/calls/${CALL}`,
			kind: 'reset',
			count: 5,
		});
		const result = await run({ operation: 'delete', callId: locator(CALL) });
		expect(result.error?.context).toMatchObject({ errorCode: 'OUTCOME_UNKNOWN' });
		expect(await kit().requests()).toHaveLength(1);
	});

	it("is not sent again by n8n's Retry On Fail after an unknown outcome", async () => {
		await kit().fault({ method: 'DELETE', path: `/api/user/calls/${CALL}`, kind: '500', count: 5 });
		const result = await run(
			{ operation: 'delete', callId: locator(CALL) },
			{ settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 } },
		);
		expect(result.error?.message).toMatch(/not sent again/);
		expect(await kit().requests()).toHaveLength(1);
	});

	it('when a later item fails, the error names the deletions that already took effect', async () => {
		const [first] = await listedIds();
		await kit().clearRequests();
		const input = [
			{ json: { id: first } },
			{ json: { id: SEED.bob.callIds[0] } },
			{ json: { id: CALL } },
		];
		const result = await run(
			{ operation: 'delete', callId: locator('={{ $json.id }}') },
			{ input },
		);
		expect(result.error?.message).toMatch(/404/);
		expect(result.error?.message).toContain(
			`1 call deletion of other items took effect (call_id: ${first})`,
		);
		expect((await kit().requests()).map((entry) => entry.path)).toEqual([
			`/api/user/calls/${first}`,
			`/api/user/calls/${SEED.bob.callIds[0]}`,
		]);
		expect((await kit().api('GET', `/api/user/calls/${CALL}`)).status).toBe(200);
	});

	it('says in the editor that the recording is deleted too', () => {
		const properties = actionNodeDescription(2).properties.filter(
			(property) =>
				property.displayOptions?.show?.operation?.includes('delete') &&
				property.displayOptions?.show?.resource?.includes('call'),
		);
		expect(properties.map((property) => property.displayName).join(' ')).toMatch(/recording/);
	});
});

describeTokenNeverShown(kit);
