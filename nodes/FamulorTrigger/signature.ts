/**
 * Read receipts are signed: `X-Signature-256: sha256=<lower-case hex HMAC-SHA256 of the raw body>`,
 * keyed with the WhatsApp sender's signing secret (https://docs.famulor.de/en/api-reference/webhooks/read-receipts).
 */
import { createHmac, timingSafeEqual } from 'crypto';
import { NodeOperationError, type IHookFunctions, type IWebhookFunctions } from 'n8n-workflow';

export const SIGNATURE_HEADER = 'x-signature-256';
const PREFIX = 'sha256=';

/** The "Signing Secret" parameter; activation fails without it, since every delivery would be refused. */
export function readSigningSecret(this: IHookFunctions | IWebhookFunctions): string {
	const secret = this.getNodeParameter('signingSecret', '') as string;
	if (typeof secret !== 'string' || secret.trim() === '') {
		throw new NodeOperationError(
			this.getNode(),
			'Parameter "Signing Secret" is empty: copy the signing secret of the WhatsApp sender\'s read receipts from the Famulor dashboard into it',
		);
	}
	return secret.trim();
}

/** Constant-time check of the header against the HMAC of the raw body; anything missing or malformed fails. */
export function signatureMatches(
	rawBody: Buffer | undefined,
	header: unknown,
	secret: string,
): boolean {
	if (!rawBody || typeof header !== 'string' || !header.startsWith(PREFIX) || secret === '')
		return false;
	const given = header.slice(PREFIX.length).trim().toLowerCase();
	if (!/^[0-9a-f]{64}$/.test(given)) return false;
	const expected = createHmac('sha256', secret).update(rawBody).digest();
	return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}
