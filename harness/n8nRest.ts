/**
 * n8n's REST API as the logged-in owner: the calls the editor makes to publish and unpublish a
 * workflow and to list its executions, the same on one n8n process and on a queue-mode main.
 */
import { waitFor } from '../runtime';

export interface RestAnswer<T> {
	status: number;
	json: T;
}

type ActiveAnswer = RestAnswer<{ data?: { active?: boolean }; message?: string }>;

export interface N8nRest {
	/** n8n's REST API as the logged-in owner; parsed JSON. */
	rest<T = unknown>(method: string, path: string, body?: unknown): Promise<RestAnswer<T>>;
	/**
	 * Why the last activation failed, when n8n reported it after answering the activation call (2.40's
	 * publication status, or the activation error older versions keep); undefined while there is none.
	 */
	activationFailure(workflowId: string): Promise<string | undefined>;
	/** Resolves once the activated workflow's triggers are live (2.40 publishes after answering; earlier versions before). */
	waitUntilPublished(workflowId: string): Promise<void>;
	/** Activates (2.x: publishes) a workflow the way the editor does; the REST answer, whatever its status. */
	activate(workflowId: string): Promise<ActiveAnswer>;
	deactivate(workflowId: string): Promise<ActiveAnswer>;
	/** Activates a workflow and waits until its triggers are live; throws with n8n's answer when refused. */
	publish(workflowId: string): Promise<void>;
}

/** The longest one HTTP call to an n8n process may take: more means it hangs, and the bench, which has no jest timeout, would wait forever. */
export const N8N_CALL_TIMEOUT_MS = 60_000;

async function parsed<T>(response: Response): Promise<RestAnswer<T>> {
	const text = await response.text();
	let json: unknown;
	try {
		json = text === '' ? undefined : JSON.parse(text);
	} catch {
		json = { message: text };
	}
	return { status: response.status, json: json as T };
}

/** REST client of a logged-in owner of the n8n at `url`. */
export function restClient(url: string, cookie: string): N8nRest {
	const rest = async <T>(method: string, path: string, body?: unknown): Promise<RestAnswer<T>> =>
		await parsed<T>(
			await fetch(`${url}/rest${path}`, {
				method,
				headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: AbortSignal.timeout(N8N_CALL_TIMEOUT_MS),
			}),
		);
	const versionId = async (workflowId: string): Promise<string> => {
		const workflow = await rest<{ data: { versionId: string } }>('GET', `/workflows/${workflowId}`);
		if (workflow.status !== 200)
			throw new Error(`GET /rest/workflows/${workflowId}: ${workflow.status}`);
		return workflow.json.data.versionId;
	};
	// 1.123 and 2.x alike: POST …/activate with the version to publish, POST …/deactivate.
	const activate = async (workflowId: string): Promise<ActiveAnswer> =>
		await rest('POST', `/workflows/${workflowId}/activate`, {
			versionId: await versionId(workflowId),
		});
	const deactivate = async (workflowId: string): Promise<ActiveAnswer> =>
		await rest('POST', `/workflows/${workflowId}/deactivate`, {});
	const activationFailure = async (workflowId: string): Promise<string | undefined> => {
		const publication = await rest<{
			data?: { status?: string; triggers?: Array<{ errorMessage?: string | null }> };
		}>('GET', `/workflows/${workflowId}/publication-status`);
		const status = publication.json?.data?.status;
		if (publication.status === 200 && (status === 'failed' || status === 'partial')) {
			return (publication.json.data?.triggers ?? [])
				.map((trigger) => trigger.errorMessage ?? '')
				.join('; ');
		}
		const error = await rest<{ data?: unknown }>('GET', `/active-workflows/error/${workflowId}`);
		return error.status === 200 && error.json?.data ? JSON.stringify(error.json.data) : undefined;
	};
	const waitUntilPublished = async (workflowId: string): Promise<void> => {
		await waitFor(`workflow ${workflowId} to be published`, async () => {
			const publication = await rest<{ data?: { status?: string } }>(
				'GET',
				`/workflows/${workflowId}/publication-status`,
			);
			if (publication.status === 404) return true; // no publication service: activation was synchronous
			const status = publication.json?.data?.status;
			if (status === 'failed' || status === 'partial')
				throw new Error(`publishing ${workflowId} failed: ${JSON.stringify(publication.json)}`);
			return status === 'published' ? true : undefined;
		});
	};
	const publish = async (workflowId: string): Promise<void> => {
		const activated = await activate(workflowId);
		if (activated.status !== 200)
			throw new Error(
				`activating ${workflowId}: ${activated.status} ${JSON.stringify(activated.json)}`,
			);
		await waitUntilPublished(workflowId);
	};
	return { rest, activationFailure, waitUntilPublished, activate, deactivate, publish };
}

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
	startedAt: string;
	stoppedAt: string | null;
}

/** What an execution that has not ended yet says it is. */
export const UNFINISHED = ['new', 'running', 'waiting'];

/**
 * Every execution of a workflow as n8n's REST API lists them (newest first; pages of at most 100).
 * n8n 2.41 and later walk the pages with the `nextCursor` each answer carries (and refuse `lastId`);
 * earlier versions with the last ID seen. 2.41's pages are ordered by time but its cursor compares
 * IDs, so an execution created out of order can fall between two pages: when the exact `count` the
 * first answer reports says some are missing, the IDs in between are asked for one by one.
 */
export async function executionsOf(
	api: Pick<N8nRest, 'rest'>,
	workflowId: string,
): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const all: ExecutionSummary[] = [];
	let cursor: string | undefined;
	let expected: number | undefined;
	for (;;) {
		const next =
			cursor !== undefined
				? `&cursor=${encodeURIComponent(cursor)}`
				: all.length > 0
					? `&lastId=${all[all.length - 1].id}`
					: '';
		const { status, json } = await api.rest<{
			data: {
				results: ExecutionSummary[];
				nextCursor?: string | null;
				count?: number;
				estimated?: boolean;
			};
		}>('GET', `/executions?filter=${filter}&limit=100${next}`);
		if (status !== 200) throw new Error(`GET /rest/executions: ${status}`);
		if (expected === undefined && json.data.estimated === false) expected = json.data.count;
		const seen = new Set(all.map((execution) => execution.id));
		all.push(...json.data.results.filter((execution) => !seen.has(execution.id)));
		if ('nextCursor' in json.data) {
			if (!json.data.nextCursor) break;
			cursor = json.data.nextCursor;
		} else if (json.data.results.length < 100) break;
	}
	return expected !== undefined && all.length < expected
		? [...all, ...(await skippedBetween(api, workflowId, all))]
		: all;
}

/** The executions of `workflowId` whose IDs lie between the listed ones' but were not listed. */
async function skippedBetween(
	api: Pick<N8nRest, 'rest'>,
	workflowId: string,
	listed: readonly ExecutionSummary[],
): Promise<ExecutionSummary[]> {
	const ids = new Set(listed.map((execution) => Number(execution.id)));
	const found: ExecutionSummary[] = [];
	for (let id = Math.min(...ids); id < Math.max(...ids); id++) {
		if (ids.has(id)) continue;
		const { status, json } = await api.rest<{ data: ExecutionSummary }>('GET', `/executions/${id}`);
		if (status === 200 && json.data.workflowId === workflowId)
			found.push({ ...json.data, id: String(json.data.id) });
	}
	return found;
}

/** The execution once it has ended (its status no longer new, running or waiting). */
export async function finishedExecution(
	api: Pick<N8nRest, 'rest'>,
	id: string,
	timeoutMs = 120_000,
): Promise<ExecutionSummary> {
	return await waitFor(
		`execution ${id} to finish`,
		async () => {
			const found = await api.rest<{ data: ExecutionSummary }>('GET', `/executions/${id}`);
			return found.status === 200 && !UNFINISHED.includes(found.json.data.status)
				? found.json.data
				: undefined;
		},
		timeoutMs,
		500,
	);
}

/** An execution's saved data (flatted JSON) as text: it holds each node's run and what it put out. */
export async function executionData(api: Pick<N8nRest, 'rest'>, id: string): Promise<string> {
	const details = await api.rest<{ data: { data: string } }>('GET', `/executions/${id}`);
	if (details.status !== 200) throw new Error(`GET /rest/executions/${id}: ${details.status}`);
	return details.json.data.data;
}
