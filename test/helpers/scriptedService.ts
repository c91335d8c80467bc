/**
 * A scripted service (scriptedServer.ts) for one suite, with unpaced credentials pointing at it, and a
 * context logger that keeps the warnings a node writes to n8n's log.
 */
import type { TestCredentials } from '../../harness/engine';
import { UNPACED_GENERAL_LIMIT } from '../../harness/credentials';
import { startScriptedServer, type ScriptedServer } from './scriptedServer';

export interface ScriptedService {
	server: ScriptedServer;
	credentials: TestCredentials;
}

/** Starts the server before the suite and closes it after; the getter gives it to the tests. */
export function useScriptedService(apiToken: string): () => ScriptedService {
	let service: ScriptedService | undefined;
	beforeAll(async () => {
		const server = await startScriptedServer();
		service = {
			server,
			credentials: {
				apiToken,
				baseUrl: `${server.url}/`,
				requestTimeoutSeconds: 2,
				...UNPACED_GENERAL_LIMIT,
			},
		};
	});
	afterAll(async () => {
		await service?.server.close();
	});
	return () => {
		if (!service) throw new Error('the scripted service starts in beforeAll');
		return service;
	};
}

/** Gives an n8n context a logger that keeps its warnings; returns them. */
export function keepWarnings(context: object): string[] {
	const warnings: string[] = [];
	Object.defineProperty(context, 'logger', {
		value: {
			warn: (line: string) => warnings.push(line),
			info: () => {},
			debug: () => {},
			error: () => {},
		},
	});
	return warnings;
}
