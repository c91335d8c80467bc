/**
 * Whether Famulor's servers can deliver to this n8n's webhook URL, decided before anything is
 * registered: a loopback or private address (n8n on a laptop, in a company network or a container)
 * is registered without complaint by the service, and then no event ever arrives. Pure decisions,
 * tested as a table in test/trigger/reachability.test.ts.
 */
import { isLoopbackHost } from '../shared/loopback';

export type DeliveryProblem = 'privateAddress' | 'notHttps';

/**
 * Name suffixes that resolve only inside a network (RFC 6761 .localhost, RFC 6762 .local, RFC
 * 8375 .home.arpa, ICANN's .internal, and the common .lan).
 */
const PRIVATE_SUFFIXES = ['.localhost', '.local', '.home.arpa', '.internal', '.lan'];

/** IPv4 ranges no one on the internet can reach: [first octet, second octet from, second octet to]. */
const PRIVATE_IPV4: ReadonlyArray<[number, number, number]> = [
	[0, 0, 255], // "this network"
	[10, 0, 255],
	[100, 64, 127], // carrier-grade NAT, also Tailscale's addresses
	[127, 0, 255], // loopback
	[169, 254, 254], // link-local
	[172, 16, 31],
	[192, 168, 168],
];

function privateIpv4(hostname: string): boolean | undefined {
	const match = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(hostname);
	if (!match) return undefined;
	const [first, second] = [Number(match[1]), Number(match[2])];
	return PRIVATE_IPV4.some(
		([octet, from, to]) => first === octet && second >= from && second <= to,
	);
}

function privateIpv6(address: string): boolean {
	const lower = address.toLowerCase();
	if (lower === '::1' || lower === '::') return true;
	// IPv4-mapped, as URL writes it: ::ffff:7f00:1 for ::ffff:127.0.0.1.
	const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
	if (mapped) {
		const high = parseInt(mapped[1], 16);
		return privateIpv4(`${high >> 8}.${high & 255}.0.0`) === true;
	}
	// fc00::/7 unique local, fe80::/10 link-local.
	return /^f[cd][0-9a-f]{2}:/.test(lower) || /^fe[89ab][0-9a-f]:/.test(lower);
}

/**
 * True for a host only its own network can reach: loopback, private and link-local addresses,
 * and names without a public domain.
 */
export function isPrivateHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/\.$/, '');
	if (host.startsWith('[') && host.endsWith(']')) return privateIpv6(host.slice(1, -1));
	const ipv4 = privateIpv4(host);
	if (ipv4 !== undefined) return ipv4;
	if (host === 'localhost' || !host.includes('.')) return true; // e.g. a container's service name
	return PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

function hostOf(url: string): URL | undefined {
	try {
		return new URL(url);
	} catch {
		return undefined;
	}
}

/**
 * Why the service at `serviceUrl` could not deliver to `webhookUrl`, or undefined when it can. A
 * service on a private host is a local stand-in (the development sandbox) that reaches this network
 * itself, and plain http on this machine.
 */
export function deliveryProblem(
	webhookUrl: string,
	serviceUrl: string,
	requiresHttps: boolean,
): DeliveryProblem | undefined {
	const webhook = hostOf(webhookUrl);
	const service = hostOf(serviceUrl);
	const serviceLocal = service !== undefined && isPrivateHost(service.hostname);
	if (webhook && isPrivateHost(webhook.hostname) && !serviceLocal) return 'privateAddress';
	if (!requiresHttps || webhook?.protocol === 'https:') return undefined;
	return serviceLocal && webhook && isLoopbackHost(webhook.hostname) ? undefined : 'notHttps';
}

/** The Famulor AI Polling Trigger's event that delivers the same news without a public URL, by this trigger's event. */
const POLLING_INSTEAD: Record<string, string | undefined> = {
	callCompleted: 'Call Ended',
	inboundCallCompleted: 'Call Ended',
	conversationEnded: 'New WhatsApp Message or New Chat Message (each message rather than the end)',
};

export interface Delivery {
	/** This trigger's event (its parameter value) and what Famulor sends for it, e.g. "post-call webhook". */
	event: string;
	label: string;
	/** n8n's webhook URL for this node, without its secret. */
	url: string;
}

/** The message that says what to change, shown in the trigger's panel and in n8n's publish error. */
export function deliveryProblemMessage(problem: DeliveryProblem, delivery: Delivery): string {
	const { event, label, url } = delivery;
	if (problem === 'notHttps')
		return `Famulor sends the ${label} only to HTTPS URLs, but this n8n's webhook URL is ${url}: set n8n's WEBHOOK_URL environment variable to its public https:// address (e.g. WEBHOOK_URL=https://n8n.example.com/), restart n8n, then publish again`;
	const instead = POLLING_INSTEAD[event];
	const alternative = instead
		? `, or use the Famulor AI Polling Trigger's "${instead}" event, which needs no public URL`
		: ' (the Famulor AI Polling Trigger has no event for this one)';
	return `Famulor's servers cannot reach this n8n, so the ${label} would never arrive: its webhook URL ${url} is a loopback or private address. Set n8n's WEBHOOK_URL environment variable to an address the internet reaches (e.g. WEBHOOK_URL=https://n8n.example.com/ through a reverse proxy or tunnel) and restart n8n${alternative}`;
}
