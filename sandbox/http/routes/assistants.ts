/** Assistants: create, update (both API generations), delete, list (paged and outbound); the webhook switches are in assistantWebhooks.ts. */
import type { FastifyInstance } from 'fastify';
import { assistantGeneration } from '../../domain/assistants/apiGenerations';
import { type ApiGeneration } from '../../model/options';
import { validateAssistant } from '../../domain/assistants/seedGenerationInput';
import { validateAssistantCurrent } from '../../domain/assistants/currentGenerationInput';
import {
	assistantSummary,
	listedAssistant,
	outboundAssistant,
} from '../../domain/assistants/assistantRecords';
import { userOf } from '../context';
import {
	type Body,
	addError,
	Errors,
	hasErrors,
	intParam,
	perPageParam,
} from '../../domain/validation';
import { body, params, query } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import { withAssistantDefaults, type Assistant } from '../../model/assistants';
import type { User } from '../../model/accounts';
import { ownedAssistant } from '../../domain/tenancy';

export function registerAssistantRoutes(app: FastifyInstance, sb: Sandbox): void {
	/**
	 * Validates the body in its API generation (sandbox option `api`); names of the other generation are
	 * refused. A body of shared names only (under `both`) passes if either generation accepts it.
	 */
	const validateInput = (
		user: User,
		b: Body,
		existing?: Assistant,
	): { errors: Errors; patch: Partial<Assistant>; generation: ApiGeneration } => {
		const { generation, foreign } = assistantGeneration(sb.opts.api, b);
		const validators = { seed: validateAssistant, current: validateAssistantCurrent };
		if (generation === undefined) {
			const current = validateAssistantCurrent(sb.state, user, b, existing);
			if (!hasErrors(current.errors)) return { ...current, generation: 'current' };
			return { ...validateAssistant(sb.state, user, b, existing), generation: 'seed' };
		}
		const { errors, patch } = validators[generation](sb.state, user, b, existing);
		return { errors: { ...foreign, ...errors }, patch, generation };
	};

	app.post('/api/user/assistant', async (req, reply) => {
		const user = userOf(req);
		const { errors, patch, generation } = validateInput(user, body(req));
		if (hasErrors(errors)) return laravel422(reply, errors, 'Validation failed');
		const id = sb.state.id();
		const a = withAssistantDefaults(sb.now(), {
			...patch,
			id,
			user_id: user.id,
			name: patch.name as string,
			type: patch.type ?? 'outbound',
		});
		// the older docs answered "active", the current ones create assistants "inactive"
		a.status = generation === 'seed' ? 'active' : 'inactive';
		if (patch.use_min_interrupt_words === undefined && patch.min_interrupt_words !== undefined)
			a.use_min_interrupt_words = true;
		sb.state.assistants.set(id, a);
		return send(reply, 201, {
			message: 'Assistant created successfully',
			data: assistantSummary(a),
		});
	});

	app.put('/api/user/assistant/:id', async (req, reply) => {
		const user = userOf(req);
		const a = ownedAssistant(sb, user, params(req).id);
		if (!a) return send(reply, 404, { message: 'Assistant not found' });
		const { errors, patch } = validateInput(user, body(req), a);
		if (hasErrors(errors)) return laravel422(reply, errors, 'Validation failed');
		Object.assign(a, patch);
		a.updated_at = sb.now();
		return send(reply, 200, {
			message: 'Assistant updated successfully',
			data: assistantSummary(a),
		});
	});

	// https://docs.famulor.de/en/api-reference/assistants/delete
	app.delete('/api/user/assistant/:id', async (req, reply) => {
		const a = ownedAssistant(sb, userOf(req), params(req).id);
		if (!a)
			return send(reply, 404, {
				message: 'Assistant not found or does not belong to the authenticated user',
			});
		sb.state.deleteAssistant(a.id);
		return send(reply, 200, { message: 'Assistant deleted successfully' });
	});

	app.get('/api/user/assistants/get', async (req, reply) => {
		const user = userOf(req);
		const q = query(req);
		const errors: Errors = {};
		const perPage = perPageParam(errors, q.per_page);
		const page = intParam(q.page);
		if (page !== undefined && (Number.isNaN(page) || page < 1)) {
			addError(
				errors,
				'page',
				Number.isNaN(page) ? 'The page must be an integer.' : 'The page must be at least 1.',
			);
		}
		if (hasErrors(errors)) return laravel422(reply, errors);
		const pp = perPage ?? 10;
		const pg = page ?? 1;
		const all = [...sb.state.assistants.values()]
			.filter((a) => a.user_id === user.id)
			.sort((x, y) => x.id - y.id);
		const data = all
			.slice((pg - 1) * pp, pg * pp)
			.map((a) => listedAssistant(a, sb.opts.beyondDocs));
		return send(reply, 200, {
			data,
			current_page: pg,
			per_page: pp,
			total: all.length,
			last_page: Math.max(1, Math.ceil(all.length / pp)),
		});
	});

	app.get('/api/user/assistants/outbound', async (req, reply) => {
		const user = userOf(req);
		const list = [...sb.state.assistants.values()]
			.filter((a) => a.user_id === user.id && a.type === 'outbound')
			.sort((x, y) => x.id - y.id)
			.map(outboundAssistant);
		return send(reply, 200, list);
	});
}
