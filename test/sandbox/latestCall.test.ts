/** `POST /__sandbox/calls/latest/end` ends the newest call under way, so the README's commands paste as they are. */
import { useSandbox } from './helpers';

const c = useSandbox({ callDurationMs: 0 }, { reset: false });

const call = async () =>
	(await c.post('/api/user/make_call', { phone_number: '+4915112345678', assistant_id: 102 })).json
		.call_id as number;

test('latest ends the newest call under way, then the one before it, then says none is', async () => {
	const older = await call();
	const newer = await call();
	const end = () => c.ctl('POST', '/calls/latest/end', { status: 'completed' });
	expect((await end()).json.call).toMatchObject({ id: newer, status: 'completed' });
	expect((await end()).json.call).toMatchObject({ id: older, status: 'completed' });
	const none = await end();
	expect([none.status, none.json]).toEqual([404, { message: 'No call is under way' }]);
});
