/** Simulated network round trip: real milliseconds an authenticated API request waits before it is handled. */
import type { Sandbox } from '../../model/sandbox';

export async function simulateLatency(sb: Sandbox): Promise<void> {
	if (sb.opts.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, sb.opts.latencyMs));
}
