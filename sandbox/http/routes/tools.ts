/** Mid-call tools (https://docs.famulor.de/en/api-reference/mid-call-tools/create-tool): HTTP endpoints an assistant calls during a call. */
import type { FastifyInstance } from 'fastify';
import { iso6 } from '../../domain/formats';
import { userOf } from '../context';
import {
	Body,
	addError,
	checkValue,
	Errors,
	hasErrors,
	isPlainObject,
	validate,
} from '../../domain/validation';
import { body, params } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import type { Tool } from '../../model/assistants';
import type { User } from '../../model/accounts';
import { recordById } from '../../domain/tenancy';

/** Documented plan limit of the sandbox's accounts. */
export const TOOL_PLAN_LIMIT = 5;
const TOOL_NAME = /^[a-z][a-z_]*$/;
const PARAMETER_NAME = /^[A-Za-z][A-Za-z_]{1,31}$/;
const NAME_MESSAGE =
	'Tool name must contain only lowercase letters and underscores, and start with a letter.';

function toolRecord(t: Tool): Record<string, unknown> {
	return {
		id: t.id,
		name: t.name,
		description: t.description,
		endpoint: t.endpoint,
		method: t.method,
		timeout: t.timeout,
		headers: t.headers,
		schema: t.schema,
		created_at: iso6(t.created_at),
		updated_at: iso6(t.updated_at),
	};
}

/** Each entry an object with the given string fields; `extra` checks one entry further. */
function objectList(
	b: Body,
	field: string,
	keys: Record<string, string[]>,
	errors: Errors,
	extra?: (item: Record<string, unknown>, at: string) => void,
): void {
	if (!Array.isArray(b[field])) return;
	(b[field] as unknown[]).forEach((item, i) => {
		const at = `${field}.${i}`;
		if (!isPlainObject(item)) return addError(errors, at, `The ${at} must be an object.`);
		for (const [key, rules] of Object.entries(keys)) {
			const message = checkValue(`${at}.${key}`, item[key], rules, item[key] !== undefined);
			if (message) addError(errors, `${at}.${key}`, message);
		}
		extra?.(item, at);
	});
}

function checkTool(b: Body, creating: boolean): Errors {
	const req = creating ? ['required'] : [];
	const errors = validate(b, {
		name: [...req, 'string', 'max:255'],
		description: [...req, 'string', 'max:255'],
		endpoint: [...req, 'string', 'url'],
		method: [...req, 'string', 'in:GET,POST,PUT,PATCH,DELETE'],
		timeout: ['integer', 'between:1,30'],
		headers: ['array'],
		schema: ['array'],
	});
	if (typeof b.name === 'string' && !errors.name && !TOOL_NAME.test(b.name))
		addError(errors, 'name', NAME_MESSAGE);
	objectList(b, 'headers', { name: ['required', 'string'], value: ['required', 'string'] }, errors);
	objectList(
		b,
		'schema',
		{
			name: ['required', 'string'],
			type: ['required', 'string', 'in:string,number,boolean'],
			description: ['required', 'string', 'between:3,255'],
		},
		errors,
		(item, at) => {
			if (typeof item.name === 'string' && !PARAMETER_NAME.test(item.name)) {
				addError(
					errors,
					`${at}.name`,
					`The ${at}.name must be 2 to 32 letters or underscores and start with a letter.`,
				);
			}
		},
	);
	return errors;
}

function fields(b: Body): Partial<Tool> {
	const out: Partial<Tool> = {};
	for (const key of ['name', 'description', 'endpoint', 'method', 'timeout'] as const)
		if (b[key] !== undefined) (out as Record<string, unknown>)[key] = b[key];
	if (Array.isArray(b.headers))
		out.headers = (b.headers as Array<Record<string, unknown>>).map((h) => ({
			name: h.name as string,
			value: h.value as string,
		}));
	if (Array.isArray(b.schema))
		out.schema = (b.schema as Array<Record<string, unknown>>).map((p) => ({
			name: p.name as string,
			type: p.type as string,
			description: p.description as string,
		}));
	return out;
}

export function registerToolRoutes(app: FastifyInstance, sb: Sandbox): void {
	const owned = (user: User, id: unknown): Tool | undefined => {
		const t = recordById(sb.state.tools, id);
		return t && t.user_id === user.id ? t : undefined;
	};
	const mine = (user: User): Tool[] =>
		[...sb.state.tools.values()].filter((t) => t.user_id === user.id).sort((x, y) => x.id - y.id);

	app.get('/api/user/tools', async (req, reply) =>
		send(reply, 200, mine(userOf(req)).map(toolRecord)),
	);

	app.get('/api/user/tools/:id', async (req, reply) => {
		const t = owned(userOf(req), params(req).id);
		if (!t) return send(reply, 404, { message: 'Tool not found' });
		return send(reply, 200, toolRecord(t));
	});

	app.post('/api/user/tools', async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors = checkTool(b, true);
		if (errors.name?.includes(NAME_MESSAGE)) {
			return send(reply, 422, {
				message:
					'The name field must contain only lowercase letters and underscores, and start with a letter.',
				errors,
			});
		}
		if (hasErrors(errors)) return laravel422(reply, errors);
		if (mine(user).length >= TOOL_PLAN_LIMIT) {
			return send(reply, 422, {
				message: `You have reached your plan limit of ${TOOL_PLAN_LIMIT} mid call tools. Please upgrade your plan to create more tools.`,
			});
		}
		const now = sb.now();
		const given = fields(b);
		const t: Tool = {
			id: sb.state.id(),
			user_id: user.id,
			name: given.name as string,
			description: given.description as string,
			endpoint: given.endpoint as string,
			method: given.method as string,
			timeout: given.timeout ?? 10,
			headers: given.headers ?? [],
			schema: given.schema ?? [],
			created_at: now,
			updated_at: now,
		};
		sb.state.tools.set(t.id, t);
		return send(reply, 201, { message: 'Tool created successfully', data: toolRecord(t) });
	});

	app.put('/api/user/tools/:id', async (req, reply) => {
		const t = owned(userOf(req), params(req).id);
		if (!t) return send(reply, 404, { message: 'Tool not found' });
		const b = body(req);
		const errors = checkTool(b, false);
		if (hasErrors(errors)) return laravel422(reply, errors, 'Validation failed');
		Object.assign(t, fields(b), { updated_at: sb.now() });
		return send(reply, 200, { message: 'Tool updated successfully', data: toolRecord(t) });
	});

	app.delete('/api/user/tools/:id', async (req, reply) => {
		const t = owned(userOf(req), params(req).id);
		if (!t) return send(reply, 404, { message: 'Tool not found' });
		for (const a of sb.state.assistants.values())
			a.tool_ids = a.tool_ids.filter((id) => id !== t.id);
		sb.state.tools.delete(t.id);
		return send(reply, 200, { message: 'Tool deleted successfully' });
	});
}
