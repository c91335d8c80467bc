import type { Server } from 'node:http';

/**
 * A test's receiver keeps idle connections open until it closes. Node's server drops a connection
 * idle for 5 s (`keepAliveTimeout`), while fetch may take that same connection for its next
 * request: when the two meet, the request fails with ECONNRESET (seen in CI in
 * test/trigger/reliability.test.ts; https://github.com/nodejs/undici/issues/3141).
 * `server.close()` still closes the idle ones.
 */
export function keepIdleConnections(server: Server): Server {
	server.keepAliveTimeout = 0;
	return server;
}
