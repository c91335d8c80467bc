/** JSON answers in the service's shapes: any body, and Laravel's 422. */
import type { FastifyReply } from 'fastify';
import { Errors, firstError } from '../domain/validation';

export function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
	return reply
		.code(status)
		.header('content-type', 'application/json; charset=utf-8')
		.send(JSON.stringify(body));
}

export function laravel422(reply: FastifyReply, errors: Errors, message?: string): FastifyReply {
	return send(reply, 422, { message: message ?? firstError(errors), errors });
}
