/**
 * The set-up of the transport suites that send one request at a time through n8n-core to a scripted
 * server (request, errors, retries, 429 waits, uploads, pagination), on the driven clock. `server`
 * and `credentials` are set before the file's first test; an importer reads them as they are then.
 */
import type { IDataObject } from 'n8n-workflow';

import { famulorApiRequest } from '../../nodes/shared/transport';
import { withRequestContext, type TestCredentials } from '../../harness/engine';
import type { ScriptedAnswer, ScriptedServer } from '../helpers/scriptedServer';
import { useScriptedService } from '../helpers/scriptedService';
import { drive, useDrivenClock } from '../helpers/drivenClock';

export const TOKEN = 'sbx_transport_token_4f1c9a';

export let server: ScriptedServer;
export let credentials: TestCredentials;

/**
 * Puts the file on the driven clock and starts the server for it; before each test the server's log
 * is emptied and it answers 200 `{}` to anything not scripted.
 */
export function useScriptedTransport(): void {
	useDrivenClock();
	const service = useScriptedService(TOKEN);
	beforeAll(() => {
		({ server, credentials } = service());
	});
	beforeEach(() => {
		server.requests.length = 0;
		server.fallback = () => ({ status: 200, body: {} });
	});
}

export async function send(request: Parameters<typeof famulorApiRequest>[0]) {
	return await drive(
		async () =>
			await withRequestContext(credentials, async function () {
				return await famulorApiRequest.call(this, request);
			}),
	);
}

/** The server answers from `answers` in turn; returns when each request arrived, on the driven clock. */
export function answerInTurn(...answers: ScriptedAnswer[]): number[] {
	const arrivals: number[] = [];
	server.fallback = () => {
		arrivals.push(Date.now());
		return answers.shift() ?? { status: 200, body: {} };
	};
	return arrivals;
}

export async function failure(request: Parameters<typeof famulorApiRequest>[0]) {
	try {
		await send(request);
	} catch (error) {
		return error as {
			message: string;
			description?: string;
			context: IDataObject;
			httpCode?: string;
		};
	}
	throw new Error('expected the request to fail');
}
