/**
 * The Inbound Call event (node version 1.2) and the Inbound Call Completed event of saved version-1.1
 * workflows: an arriving call's request starts one execution, and only one for the whole call, whose
 * answered variables reach the call (Call → Get and the post-call webhook's input_variables); a
 * delivery of the completed-call shape the API reference describes is output as a finished call; only
 * the call's ID dedupes: two calls may send identical bodies.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	ARRIVING_CALL_ITEM,
	CALLER,
	INBOUND,
	incomingCall,
	publishedInboundTrigger,
} from './inboundCallKit';
import { useTriggerKit } from './triggerKit';

const kit = useTriggerKit();

/** This file's trigger: the Inbound Call event at node version 1.2. */
const published = () => publishedInboundTrigger(kit(), { typeVersion: 1.2 });

/** A post-call URL nothing listens on: its deliveries fail, and the webhook log keeps what they sent. */
const REFUSING_POST_CALL_URL = 'http://127.0.0.1:9/post-call';

/** The post-call body of a finished inbound call: the shape the API reference gives the inbound webhook. */
async function completedCallBody(): Promise<IDataObject> {
	await kit().api('PUT', `/api/user/assistant/${INBOUND}`, {
		is_webhook_active: true,
		webhook_url: REFUSING_POST_CALL_URL,
	});
	const ended = await kit().ctl('POST', '/calls/inbound', {
		assistant_id: INBOUND,
		customer_phone: CALLER,
	});
	return (ended.deliveries as Array<{ payload: IDataObject }>)[0].payload;
}

describe('Inbound Call', () => {
	it("outputs one item per arriving call, not again when it ends, and the workflow's variables reach the call", async () => {
		await published();
		await kit().api('PUT', `/api/user/assistant/${INBOUND}`, {
			is_webhook_active: true,
			webhook_url: REFUSING_POST_CALL_URL,
		});
		kit().workflow = (item) => ({
			variables: { customer_name: 'Max Miller', known_caller: item.customer_phone === CALLER },
		});
		const answer = await incomingCall(kit());
		const callId = (answer.call as IDataObject).id as number;
		expect(kit().deliveries.map((d) => d.emitted)).toEqual([[ARRIVING_CALL_ITEM]]);
		expect(answer.inbound_request).toMatchObject({
			status: 200,
			variables: { customer_name: 'Max Miller', known_caller: true },
		});
		const record = (await kit().api('GET', `/api/user/calls/${callId}`)).json as IDataObject;
		expect(record.variables).toEqual({ customer_name: 'Max Miller', known_caller: true });

		const ended = await kit().ctl('POST', `/calls/${callId}/end`, { status: 'completed' });
		expect(kit().deliveries).toHaveLength(1);
		const postCall = (ended.deliveries as Array<{ kind: string; payload: IDataObject }>).find(
			(delivery) => delivery.kind === 'post_call',
		);
		expect(postCall?.payload.input_variables).toEqual({
			customer_name: 'Max Miller',
			known_caller: true,
		});
	});

	it('reads a flat object of variables as well', async () => {
		await published();
		kit().workflow = () => ({ customer_name: 'Erika' });
		const answer = await incomingCall(kit());
		expect((answer.call as IDataObject).input_variables).toEqual({ customer_name: 'Erika' });
	});

	it('a late answer is recorded and the call proceeds without it', async () => {
		await published();
		// The workflow answers only once the service has gone on without it, however long that takes.
		let release = () => {};
		const released = new Promise<void>((resolve) => (release = resolve));
		kit().workflow = async () => {
			await released;
			return { variables: { customer_name: 'Too Late' } };
		};
		const answer = await incomingCall(kit()).finally(release);
		expect(answer.inbound_request).toMatchObject({ error: 'timeout', variables: {} });
		expect((answer.call as IDataObject).status).toBe('initiated');
		expect((answer.call as IDataObject).input_variables).toEqual({});
	});

	it("outputs a completed call's delivery as a finished call", async () => {
		const t = await published();
		const body = await completedCallBody();
		expect(await kit().post(t.signedUrl(), body)).toBe(200);
		const emitted = kit().deliveries.flatMap((d) => d.emitted);
		expect(emitted).toEqual([
			expect.objectContaining({
				call_id: body.id,
				status: 'completed',
				customer_phone: CALLER,
				duration: 60,
				transcript: expect.stringContaining('Customer:'),
			}),
		]);
	});

	it('two identical bodies without a call ID both start the workflow; a call ID seen before does not', async () => {
		const t = await published();
		const url = t.signedUrl();
		const body = { customer_phone: CALLER, assistant_phone: '+15550001111' };
		expect(await kit().post(url, body)).toBe(200);
		expect(await kit().post(url, body)).toBe(200);
		const together = await kit().deliverTogether(url, body, 2);
		expect(together.every((d) => d.emitted.length === 1)).toBe(true);

		const identified = { ...body, call_id: 'call_abc123', status: 'incoming' };
		await kit().post(url, identified);
		await kit().post(url, identified);
		expect(kit().deliveries.map((d) => d.emitted.length)).toEqual([1, 1, 1, 1, 1, 0]);
	});

	it('refuses a delivery without the secret', async () => {
		const t = await published();
		expect(await kit().post(t.productionUrl, { customer_phone: CALLER })).toBe(401);
		expect(kit().deliveries.every((d) => d.emitted.length === 0)).toBe(true);
	});

	it('Inbound Call Completed of saved version-1.1 workflows still registers and outputs both shapes', async () => {
		const t = await publishedInboundTrigger(kit(), {
			typeVersion: 1.1,
			event: 'inboundCallCompleted',
		});
		expect((await kit().assistant(INBOUND)).inbound_webhook_url).toMatch(/\?secret=/);
		await incomingCall(kit());
		await kit().post(t.signedUrl(), await completedCallBody());
		expect(
			kit()
				.deliveries.flatMap((d) => d.emitted)
				.map((item) => item.status),
		).toEqual(['incoming', 'completed']);
	});
});
