/**
 * The hooks every kit-based suite registers: start the kit once for the file, prepare it before each
 * test, stop it after the last one.
 */
export interface SuiteFixture<K> {
	start(): Promise<K>;
	/** Runs before every test, e.g. a sandbox reset. */
	beforeEach(kit: K): Promise<void>;
	stop(kit: K): Promise<void>;
}

/** Registers the hooks and returns the kit's accessor, usable inside tests and hooks. */
export function useSuiteFixture<K>(fixture: SuiteFixture<K>): () => K {
	let started: K | undefined;
	const kit = (): K => {
		if (started === undefined)
			throw new Error('the kit starts in beforeAll; use it inside tests and hooks only');
		return started;
	};
	beforeAll(async () => {
		started = await fixture.start();
	});
	afterAll(async () => {
		if (started !== undefined) await fixture.stop(started);
	});
	beforeEach(async () => {
		await fixture.beforeEach(kit());
	});
	return kit;
}
