/**
 * The API token stays with the service in a real n8n (each matrix entry): the credential's Base URL
 * answers every request with a redirect to a server on another port, which records what reaches it.
 * n8n by itself would follow the redirect and send the Authorization header along; the node refuses
 * it, sends nothing there, and says so naming the Base URL field and the target host.
 */
import { sandboxCredential } from '../../runtime';
import { startScriptedServer, type ScriptedServer } from '../helpers/scriptedServer';
import { ON_N8N, prepareN8n, type PreparedN8n } from '../../harness/cluster';
import { executeWorkflow } from '../../harness/n8nCli';
import { assistantListWorkflow } from '../../harness/workflows';

const WORKFLOW_ID = 'famulorE2eRedirect';
const CREDENTIAL = { id: 'famulorRedirectCred', name: 'Famulor AI (redirecting Base URL)' };
const TOKEN = 'sbx_redirect_token_must_stay_home_5e1d';

let n8n: PreparedN8n;
let service: ScriptedServer;
let elsewhere: ScriptedServer;

beforeAll(async () => {
	service = await startScriptedServer();
	elsewhere = await startScriptedServer();
	service.fallback = (request) => ({
		status: 302,
		body: {},
		headers: { location: `${elsewhere.url}${request.path}` },
	});
	elsewhere.fallback = () => ({ status: 200, body: { data: [] } });
	n8n = await prepareN8n({
		credentials: [sandboxCredential(service.url, TOKEN, CREDENTIAL.id, CREDENTIAL.name)],
		workflows: [
			{ file: 'redirect.json', workflow: assistantListWorkflow(WORKFLOW_ID, CREDENTIAL) },
		],
	});
}, 300_000);

afterAll(async () => {
	await n8n?.cleanup();
	await Promise.all([service?.close(), elsewhere?.close()]);
});

test(`${ON_N8N}: a redirect to another port does not carry the token; the error names the Base URL field and the host`, async () => {
	const run = await executeWorkflow(n8n, WORKFLOW_ID);
	// The service got the request, with the token: that is where it belongs.
	expect(service.requests.map((request) => request.headers.authorization)).toEqual([
		`Bearer ${TOKEN}`,
	]);
	// Nothing at all reached the other port, so certainly not the token.
	expect(elsewhere.requests).toEqual([]);
	const message =
		run.data.resultData.runData.Assistants?.[0]?.error?.message ??
		run.data.resultData.error?.message;
	expect(message).toContain(`a redirect to another host (${new URL(elsewhere.url).host})`);
	expect(message).toContain('credential field "Base URL"');
	expect(message).not.toContain(TOKEN);
});
