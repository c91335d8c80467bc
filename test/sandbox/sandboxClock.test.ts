/** The sandbox's clock: a manual clock runs its tasks on advance, a real-time one by timers. */
import { createClock, startSandbox } from '../../sandbox';
import { fakeTimeouts } from './helpers';

afterEach(() => {
	jest.useRealTimers();
});

describe('clock', () => {
	it('manual clock runs tasks in due order on advance', async () => {
		const clock = createClock({ realTime: false, start: 1000 });
		const seen: number[] = [];
		clock.schedule(30, () => seen.push(clock.now()));
		clock.schedule(10, () => {
			seen.push(clock.now());
			clock.schedule(5, () => seen.push(clock.now()));
		});
		await clock.advance(20);
		expect(seen).toEqual([1010, 1015]);
		expect(clock.now()).toBe(1020);
		await clock.advance(100);
		expect(seen).toEqual([1010, 1015, 1030]);
		expect(clock.pending()).toBe(0);
	});
	it('real-time clock fires tasks by real timers (a call ends on its own)', async () => {
		// Date and setTimeout, which the real-time clock reads and sets, from jest's fake timers.
		fakeTimeouts({ date: true });
		const sb = await startSandbox({ port: 0, callDurationMs: 100 });
		const statusOf = async (id: number): Promise<string | undefined> => {
			const calls = await fetch(`${sb.url}/__sandbox/calls`, {
				headers: { authorization: `Bearer ${sb.controlToken}` },
			});
			const list = (await calls.json()) as Array<{ id: number; status: string }>;
			return list.find((x) => x.id === id)?.status;
		};
		try {
			const auth = {
				authorization: `Bearer ${sb.tokens.alice}`,
				'content-type': 'application/json',
			};
			const r = await fetch(`${sb.url}/api/user/make_call`, {
				method: 'POST',
				headers: auth,
				body: JSON.stringify({ phone_number: '+4917612345678', assistant_id: 102 }),
			});
			const { call_id } = (await r.json()) as { call_id: number };
			await jest.advanceTimersByTimeAsync(99);
			expect(await statusOf(call_id)).toBe('initiated');
			await jest.advanceTimersByTimeAsync(1);
			expect(await statusOf(call_id)).toBe('completed');
		} finally {
			jest.useRealTimers();
			await sb.stop();
		}
	});
});
