/**
 * Document processing at run time: `GET /__sandbox/document-processing` shows it, `PUT` sets it for the
 * documents created from then on. Body: `{ "delayMs": 30000 }` (how long they stay `processing`),
 * `{ "failNext": 1 }` (the next document ends `failed`), or both.
 */
import type { FastifyInstance } from 'fastify';
import { CONTROL_PREFIX } from '../hooks/auth';
import {
	documentProcessing,
	setDocumentProcessing,
} from '../../domain/knowledgeBases/documentProcessing';
import { hasErrors, validate } from '../../domain/validation';
import { body } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';

export function registerDocumentControlRoutes(app: FastifyInstance, sb: Sandbox): void {
	const path = `${CONTROL_PREFIX}/document-processing`;
	app.get(path, async (_req, reply) => send(reply, 200, documentProcessing(sb)));
	app.put(path, async (req, reply) => {
		const b = body(req);
		const errors = validate(b, {
			delayMs: ['nullable', 'integer', 'between:0,86400000'],
			failNext: ['nullable', 'integer', 'between:0,1000'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		setDocumentProcessing(sb, {
			delayMs: (b.delayMs ?? undefined) as number | undefined,
			failNext: (b.failNext ?? undefined) as number | undefined,
		});
		return send(reply, 200, documentProcessing(sb));
	});
}
