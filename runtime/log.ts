/** Progress lines and child processes of the runtime scripts. */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';

export function log(message: string): void {
	process.stdout.write(`[n8n-runtime] ${message}\n`);
}

/** Runs a command to completion with its output shown; throws naming it when it fails. */
export function runOrThrow(command: string, args: string[], options: SpawnSyncOptions = {}): void {
	const result = spawnSync(command, args, { stdio: 'inherit', ...options });
	if (result.status !== 0)
		throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}
