/**
 * Famulor also runs a newer platform with an API of its own (host app.famulor.io, every path under
 * /api/v1, keys that start with `fam_`), which this package does not speak. A user who enters its
 * host or key would otherwise meet a bare 404 or 401; the credential test and every request say
 * instead, in one sentence, what is wrong, and send nothing.
 */

/** The newer platform's own host; white-label hosts of it are recognised by its /api/v1 paths. */
const NEWER_PLATFORM_HOST = /(^|\.)famulor\.io$/i;
const NEWER_PLATFORM_PATH = /\/api\/v1\/?$/i;
const NEWER_PLATFORM_KEY = /^\s*fam_/;

export const NEWER_PLATFORM_KEY_MESSAGE =
	'Credential field "API Token" holds a key of Famulor\'s newer platform (it starts with fam_), and this package speaks Famulor\'s API at app.famulor.de, so nothing was sent: create an API key in the app.famulor.de dashboard (API Keys) and paste it here.';

export const NEWER_PLATFORM_HOST_MESSAGE =
	'Credential field "Base URL" points at Famulor\'s newer platform (app.famulor.io, paths under /api/v1), and this package speaks Famulor\'s API at app.famulor.de, so nothing was sent: set Base URL to https://app.famulor.de.';

/** The sentence for a credential of the newer platform, or undefined for one this package can use. */
export function newerPlatformProblem(baseUrl: string, token: string): string | undefined {
	if (NEWER_PLATFORM_KEY.test(token)) return NEWER_PLATFORM_KEY_MESSAGE;
	const trimmed = baseUrl.trim();
	if (trimmed === '') return undefined;
	try {
		const url = new URL(trimmed);
		if (NEWER_PLATFORM_HOST.test(url.hostname) || NEWER_PLATFORM_PATH.test(url.pathname))
			return NEWER_PLATFORM_HOST_MESSAGE;
	} catch {
		// Not a URL: normalizeBaseUrl says so.
	}
	return undefined;
}
