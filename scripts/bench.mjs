// `npm run bench` (after the build): runs bench/run.ts through tsx, with --expose-gc so memory
// deltas start from a collected heap. Prints figures; exits non-zero only if the run itself broke.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(root, 'bench', 'run.ts')], {
	cwd: root,
	stdio: 'inherit',
});
process.exit(result.status ?? 1);
