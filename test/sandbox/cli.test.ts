/** `npm run sandbox`: the CLI prints the URL and the tokens, and serves. */
import { SEED } from '../../sandbox';
import { CLI_HANG_MS, startSandboxCli, stopSandboxClis } from './helpers';

describe('CLI', () => {
	afterEach(stopSandboxClis);

	it(
		'npm run sandbox prints the URL and the tokens, and serves',
		async () => {
			const { banner, url } = await startSandboxCli([]);
			expect(banner).toContain(SEED.tokens.alice);
			expect(banner).toContain(SEED.tokens.bob);
			expect(banner).toContain(SEED.controlToken);
			const r = await fetch(`${url}/api/user/assistants/languages`, {
				headers: { authorization: `Bearer ${SEED.tokens.alice}` },
			});
			expect(r.status).toBe(200);
		},
		CLI_HANG_MS,
	);
});
