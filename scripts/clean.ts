/** Removes build output so a build never ships files of deleted sources. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';

rmSync(join(__dirname, '..', 'dist'), { recursive: true, force: true });
