/** Secrets out of errors: request.ts and credentials.ts pass every error through here. */
import type { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** Rewrites every string held by `value` (own properties and their names, arrays, nested objects) in place. */
function maskStrings(value: unknown, mask: (text: string) => string, seen: WeakSet<object>): void {
	if (typeof value !== 'object' || value === null || seen.has(value)) return;
	seen.add(value);
	const record = value as Record<string, unknown>;
	for (const key of Object.getOwnPropertyNames(value)) {
		// The node's own settings are not an answer of the service, and are not ours to rewrite.
		if (key === 'node') continue;
		const descriptor = Object.getOwnPropertyDescriptor(value, key);
		if (!descriptor) continue;
		// Newer Node versions (24) give an error's stack as an accessor of its own.
		if (key === 'stack' && descriptor.get && descriptor.set) {
			const stack: unknown = record[key];
			if (typeof stack === 'string') record[key] = mask(stack);
			continue;
		}
		if (!('value' in descriptor) || !descriptor.writable) continue;
		if (typeof descriptor.value === 'string') record[key] = mask(descriptor.value);
		else maskStrings(descriptor.value, mask, seen);
		// A field name can echo the token too (a field error keyed by what was sent).
		const maskedKey = mask(key);
		if (maskedKey !== key && descriptor.enumerable && descriptor.configurable) {
			record[maskedKey] = record[key];
			delete record[key];
		}
	}
}

/**
 * The one masking step every error passes before it leaves the transport: the token and the Base
 * URL's user info are replaced in the message, description, stack, `context`, the raw answer kept as
 * the error's cause and anything nested in them, whatever shape the service's answer had.
 */
export function withSecretsMasked<E extends NodeApiError | NodeOperationError>(
	error: E,
	mask: (text: string) => string,
): E {
	maskStrings(error, mask, new WeakSet());
	return error;
}
