/**
 * This machine's hosts as a URL writes them (IPv6 in brackets). The service sends some webhooks only to
 * HTTPS URLs; a local stand-in of it (the development sandbox, on the same machine as n8n) lets plain
 * http through to these hosts and no others, so the action node's check of a webhook URL and the
 * trigger's check of its own URL let through exactly these.
 */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
	return LOOPBACK_HOSTS.has(hostname);
}
