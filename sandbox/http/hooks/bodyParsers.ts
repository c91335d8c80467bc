/** Request body parsing: strict JSON (an unparsable body is a 400 and is logged as sent), forms, multipart. */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_FILE_BYTES } from '../../domain/knowledgeBases/documentFiles';
import { requestContext } from '../context';

export function registerBodyParsers(app: FastifyInstance): void {
	app.removeContentTypeParser('application/json');
	app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, raw, done) => {
		const text = typeof raw === 'string' ? raw : raw.toString('utf8');
		if (text.trim() === '') return done(null, {});
		try {
			done(null, JSON.parse(text));
		} catch {
			requestContext(req).rawBody = text;
			const err = new Error('The request body is not valid JSON.') as Error & {
				statusCode: number;
			};
			err.statusCode = 400;
			done(err, undefined);
		}
	});
	app.addContentTypeParser(
		'application/x-www-form-urlencoded',
		{ parseAs: 'string' },
		(_req, raw, done) => {
			const out: Record<string, string> = {};
			for (const [k, v] of new URLSearchParams(
				typeof raw === 'string' ? raw : raw.toString('utf8'),
			))
				out[k] = v;
			done(null, out);
		},
	);
	void app.register(multipart, {
		limits: { fileSize: MAX_FILE_BYTES, files: 5, fields: 50 },
		throwFileSizeLimit: false,
	});
}
