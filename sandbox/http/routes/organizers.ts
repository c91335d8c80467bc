/** Folders and labels of assistants (https://docs.famulor.de/en/api-reference/folders/create, .../labels/create): one design, two paths. */
import type { FastifyInstance } from 'fastify';
import { userOf } from '../context';
import { body, params, query } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import { COLORS } from '../../model/catalogues';
import type { Assistant, Organizer } from '../../model/assistants';
import type { State } from '../../model/store';
import type { User } from '../../model/accounts';
import { recordById } from '../../domain/tenancy';
import {
	addError,
	Errors,
	hasErrors,
	intParam,
	perPageParam,
	validate,
} from '../../domain/validation';

interface Kind {
	/** `folder` or `label`: the single-item path segment and the noun of the messages */
	noun: 'folder' | 'label';
	records: (s: State) => Map<number, Organizer>;
	uses: (a: Assistant, id: number) => boolean;
	detach: (a: Assistant, id: number) => void;
}

const KINDS: Kind[] = [
	{
		noun: 'folder',
		records: (s) => s.folders,
		uses: (a, id) => a.folder_id === id,
		detach: (a) => (a.folder_id = null),
	},
	{
		noun: 'label',
		records: (s) => s.labels,
		uses: (a, id) => a.label_ids.includes(id),
		detach: (a, id) => (a.label_ids = a.label_ids.filter((l) => l !== id)),
	},
];

const COLOR_RULE = `in:${COLORS.join(',')}`;

export function registerOrganizerRoutes(app: FastifyInstance, sb: Sandbox): void {
	for (const kind of KINDS) register(app, sb, kind);
}

function register(app: FastifyInstance, sb: Sandbox, kind: Kind): void {
	const Title = kind.noun === 'folder' ? 'Folder' : 'Label';
	const owned = (user: User, id: unknown): Organizer | undefined => {
		const r = recordById(kind.records(sb.state), id);
		return r && r.user_id === user.id ? r : undefined;
	};
	const record = (r: Organizer) => ({
		id: r.id,
		name: r.name,
		color: r.color,
		assistants_count: [...sb.state.assistants.values()].filter(
			(a) => a.user_id === r.user_id && kind.uses(a, r.id),
		).length,
	});
	/** Name and colour rules; the name is unique among the user's folders (or labels). */
	const check = (
		user: User,
		b: Record<string, unknown>,
		required: boolean,
		self?: number,
	): Errors => {
		const errors = validate(b, {
			name: [...(required ? ['required'] : []), 'string', 'max:255'],
			color: ['nullable', 'string', COLOR_RULE],
		});
		const taken =
			typeof b.name === 'string' &&
			[...kind.records(sb.state).values()].some(
				(r) => r.user_id === user.id && r.id !== self && r.name === b.name,
			);
		if (!errors.name && taken) addError(errors, 'name', 'The name has already been taken.');
		return errors;
	};

	app.get(`/api/user/${kind.noun}s`, async (req, reply) => {
		const user = userOf(req);
		const q = query(req);
		const errors: Errors = {};
		const perPage = perPageParam(errors, q.per_page) ?? 15;
		const page = intParam(q.page) ?? 1;
		if (Number.isNaN(page) || page < 1) addError(errors, 'page', 'The page must be at least 1.');
		if (hasErrors(errors)) return laravel422(reply, errors);
		const all = [...kind.records(sb.state).values()]
			.filter((r) => r.user_id === user.id)
			.sort((x, y) => x.id - y.id);
		const data = all.slice((page - 1) * perPage, page * perPage).map(record);
		return send(reply, 200, { data, current_page: page, per_page: perPage, total: all.length });
	});

	app.post(`/api/user/${kind.noun}`, async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors = check(user, b, true);
		if (hasErrors(errors)) return laravel422(reply, errors);
		const r: Organizer = {
			id: sb.state.id(),
			user_id: user.id,
			name: b.name as string,
			color: (b.color ?? null) as string | null,
		};
		kind.records(sb.state).set(r.id, r);
		return send(reply, 201, { message: `${Title} created successfully`, data: record(r) });
	});

	app.put(`/api/user/${kind.noun}/:id`, async (req, reply) => {
		const user = userOf(req);
		const r = owned(user, params(req).id);
		if (!r) return send(reply, 404, { message: `${Title} not found` });
		const b = body(req);
		const errors = check(user, b, false, r.id);
		if (hasErrors(errors)) return laravel422(reply, errors);
		if (b.name !== undefined) r.name = b.name as string;
		if (b.color !== undefined) r.color = b.color as string | null;
		return send(reply, 200, { message: `${Title} updated successfully`, data: record(r) });
	});

	app.delete(`/api/user/${kind.noun}/:id`, async (req, reply) => {
		const user = userOf(req);
		const r = owned(user, params(req).id);
		if (!r) return send(reply, 404, { message: `${Title} not found` });
		for (const a of sb.state.assistants.values()) if (kind.uses(a, r.id)) kind.detach(a, r.id);
		kind.records(sb.state).delete(r.id);
		return send(reply, 200, { message: `${Title} deleted successfully` });
	});
}
