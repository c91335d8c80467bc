/** Typed views of a request's JSON body, query string and path parameters. */
import type { FastifyRequest } from 'fastify';
import { isPlainObject, type Body } from '../domain/validation';
type Query = Record<string, string | undefined>;

export function body(req: FastifyRequest): Body {
	return isPlainObject(req.body) ? req.body : {};
}

export function query(req: FastifyRequest): Query {
	return (req.query ?? {}) as Query;
}

export function params(req: FastifyRequest): Record<string, string> {
	return (req.params ?? {}) as Record<string, string>;
}

/** The request path without its query string. */
export function pathOf(req: FastifyRequest): string {
	return req.url.split('?')[0];
}
