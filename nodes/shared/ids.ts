/**
 * A positive whole number written plainly (`42`, not `0x2a`, `4.2e1` or `42.0`), within the safe
 * integer range; undefined for anything else. IDs from expressions or an AI agent are not checked by
 * the editor's "By ID" pattern, so this is where a malformed ID is stopped.
 */
export function parseId(value: unknown): number | undefined {
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!/^[1-9]\d*$/.test(text)) return undefined;
	const id = Number(text);
	return Number.isSafeInteger(id) ? id : undefined;
}
