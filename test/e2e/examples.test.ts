/**
 * The example workflows in a real n8n (each matrix entry): imported with n8n's CLI together with the
 * sandbox credential, run with `n8n execute --id` (their Manual Trigger path), checked on their output
 * and on what the sandbox received. Also: a paid call under n8n's Retry On Fail is placed once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { SEED } from '../../sandbox';
import { waitFor } from '../../runtime';
import { ON_N8N, prepareN8n, type PreparedN8n } from '../../harness/cluster';
import { executeWorkflow, nodeOutput, type CliRun } from '../../harness/n8nCli';
import { executionsOf } from '../../harness/n8nRest';
import { retriedCallWorkflow, whatsAppAutoReplyPolledEvery10s } from '../../harness/workflows';
import { customerCommand } from '../helpers/customerCommand';
import { QUEUED_TEMPLATE_SEND } from '../helpers/whatsAppAnswers';
import { aPollPasses, pollingEvery5s } from './helpers/polls';

const RETRIED_CALL_ID = 'famulorE2eRetryCall';
/** At most 16 characters: n8n 1.x saves no static data for a longer workflow ID. */
const POLLED_EXAMPLE_3_ID = 'famulorE2eEx3Pol';
const VALID_PHONE = '+4915112345678';

let n8n: PreparedN8n;

/** Runs a workflow's Manual Trigger path (`n8n execute`), which must succeed; its run data. */
async function successfulRun(id: string): Promise<CliRun> {
	const run = await executeWorkflow(n8n, id);
	expect(run.status).toBe('success');
	return run;
}

/** API requests (not controls) the sandbox got since the last clear. */
const apiRequests = async () => await n8n.client.apiRequests();

beforeAll(async () => {
	// Documents take 3 s to process, so the ingestion example's node has to wait for one.
	n8n = await prepareN8n({
		sandbox: { documentProcessingMs: 3000 },
		workflows: [
			{
				file: 'example-3-polled.json',
				workflow: pollingEvery5s(whatsAppAutoReplyPolledEvery10s(POLLED_EXAMPLE_3_ID)),
			},
			{
				file: 'retried-call.json',
				workflow: retriedCallWorkflow(RETRIED_CALL_ID, [
					{ phone: VALID_PHONE, assistant: 102 },
					{ phone: '+4915112345679', assistant: SEED.bob.outboundAssistantId },
				]),
			},
		],
	});
}, 300_000);

afterAll(async () => {
	await n8n?.cleanup();
});

beforeEach(async () => {
	await n8n.client.clearRequests();
});

test(`${ON_N8N}: every example and the credential are imported`, () => {
	expect(n8n.workflows.map((workflow) => workflow.id).sort()).toEqual([
		'famulorExample01',
		'famulorExample02',
		'famulorExample03',
		'famulorExample04',
		'famulorExample05',
		'famulorExample06',
		'famulorExample07',
		'famulorExample08',
		'famulorExample09',
		'famulorExample10',
	]);
});

test(`${ON_N8N}: 8 Order status during the call: the sample question is answered with the order's status`, async () => {
	const run = await successfulRun('famulorExample08');
	expect(nodeOutput(run, 'Answer')).toEqual([
		{ answer: 'Order A-1001 is shipped on Monday and arrives on Wednesday.' },
	]);
	expect(await apiRequests()).toEqual([]);
});

test(`${ON_N8N}: 9 Greet known callers by name: the sample caller gets their name as a variable`, async () => {
	const run = await successfulRun('famulorExample09');
	expect(nodeOutput(run, 'Variables for the assistant')).toEqual([
		{ variables: { customer_name: 'Max Miller', known_caller: true } },
	]);
	expect(await apiRequests()).toEqual([]);
});

test(`${ON_N8N}: 1 Lead to call: the lead is called with its name, email and interest as call variables`, async () => {
	const run = await successfulRun('famulorExample01');
	const [started] = nodeOutput(run, 'Call started');
	expect(started).toEqual({
		call_id: expect.any(Number),
		status: 'initiated',
		lead: 'Emma Taylor',
		message: expect.any(String),
	});

	const requests = await apiRequests();
	expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
		'POST /api/user/make_call',
	]);
	expect(requests[0].body).toEqual({
		phone_number: '+4915112345678',
		assistant_id: 102,
		variables: {
			customer_name: 'Emma Taylor',
			email: 'emma@example.com',
			interest: 'pricing',
		},
	});
	const calls = await n8n.ctl<
		Array<{ id: number; assistant_id: number; customer_phone?: string; phone_number?: string }>
	>('GET', '/calls');
	const call = calls.find((entry) => entry.id === started.call_id);
	expect(call).toMatchObject({ assistant_id: 102 });
});

test(`${ON_N8N}: 2 Post-call to records: the extracted variables are written to a file and summarised`, async () => {
	const run = await successfulRun('famulorExample02');
	const [summary] = nodeOutput(run, 'Summary');
	const file = join(n8n.filesDir, 'famulor-call-4711.json');
	expect(summary).toEqual({
		summary:
			'Call 4711 (completed, 95 s) with +4915112345678: 3 extracted value(s) (customer_name=Emma Taylor, appointment_date=2026-11-28, interested=true)',
		file,
		extracted: {
			customer_name: 'Emma Taylor',
			appointment_date: '2026-11-28',
			interested: true,
		},
	});
	const record = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
	expect(record).toMatchObject({
		call_id: 4711,
		status: 'completed',
		customer_phone: '+4915112345678',
		extracted: {
			customer_name: 'Emma Taylor',
			appointment_date: '2026-11-28',
			interested: true,
		},
	});
	expect(await apiRequests()).toEqual([]);
});

test(`${ON_N8N}: 6 Call outcome to records: the call is read with its evaluation and costs and written to a file`, async () => {
	const run = await successfulRun('famulorExample06');
	const requests = await apiRequests();
	expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
		'GET /api/user/calls/480337',
	]);

	const call = (await n8n.api<Record<string, unknown>>('GET', '/api/user/calls/480337')).json;
	const evaluation = Object.fromEntries(
		(call.evaluation as Array<{ name: string; value: unknown }>).map((item) => [
			item.name,
			item.value,
		]),
	);
	expect(Object.keys(evaluation)).toEqual(expect.arrayContaining(['status', 'summary']));
	const file = join(n8n.filesDir, 'famulor-call-outcome-480337.json');
	const [summary] = nodeOutput(run, 'Summary');
	expect(summary).toEqual({
		summary: `Call 480337 (${String(call.status)}, ${String(call.duration)} s, answered by ${String(call.answered_by)}) cost ${Number(call.total_cost)} USD; goal reached: ${String(evaluation.status)}; ${Object.keys(evaluation).length} evaluation value(s); ${String(evaluation.summary)}`,
		file,
		evaluation,
	});
	const record = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
	expect(record).toMatchObject({
		call_id: 480337,
		assistant: 'Sales Outreach',
		status: call.status,
		duration: call.duration,
		client_phone: call.client_phone_number,
		total_cost: Number(call.total_cost),
		carrier_cost: Number(call.carrier_cost),
		evaluation,
		recording_url: call.recording_url,
	});
	expect(record.transcript).toMatch(/^AI: .+\nCustomer: /);
});

test(`${ON_N8N}: 3 WhatsApp auto-reply: open window → AI reply generated and sent as a free-form message`, async () => {
	const run = await successfulRun('famulorExample03');
	expect(nodeOutput(run, 'Can send free-form?', 0)).toHaveLength(1);
	expect(nodeOutput(run, 'Can send free-form?', 1)).toHaveLength(0);
	const [reply] = nodeOutput(run, 'Generate reply');
	const [sent] = nodeOutput(run, 'Send free-form reply');
	expect(sent).toMatchObject({ success: true, message_id: expect.any(Number) });
	expect(run.data.resultData.runData['Send follow-up template']).toBeUndefined();

	const requests = await apiRequests();
	// Node version 2 may send generate-reply to the documented /api/user/ path; both answer the same.
	expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
		'GET /api/user/whatsapp/session-status',
		expect.stringMatching(/^POST \/api(\/user)?\/ai\/generate-reply$/),
		'POST /api/user/whatsapp/send-freeform',
	]);
	expect(requests[0].query).toEqual({ sender_id: '71', recipient_phone: '+4917612345678' });
	expect(requests[1].body).toEqual({
		assistant_id: 104,
		customer_identifier: '+4917612345678',
		message: 'Hello, are you open on Saturday?',
		variables: { customer_name: 'Max Miller' },
	});
	expect(requests[2].body).toEqual({
		sender_id: 71,
		recipient_phone: '+4917612345678',
		message: reply.reply,
	});
});

test(`${ON_N8N}: 4 Knowledge base ingestion: the file is uploaded once and the node waits until it is processed`, async () => {
	const run = await successfulRun('famulorExample04');
	const [report] = nodeOutput(run, 'Report');
	expect(report).toEqual({
		document_id: expect.any(Number),
		name: 'famulor-faq.txt',
		status: 'active',
		report: '"famulor-faq.txt" is processed and active in knowledge base 51',
	});
	expect(nodeOutput(run, 'Upload document')).toEqual([
		expect.objectContaining({ id: report.document_id, status: 'active', status_label: 'Active' }),
	]);

	const requests = await apiRequests();
	expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
		'POST /api/user/knowledgebases/51/documents',
		// processing takes 3 s here, the node reads every 5 s: one read finds it active
		`GET /api/user/knowledgebases/51/documents/${String(report.document_id)}`,
	]);
	expect(requests[0].contentType).toMatch(/^multipart\/form-data/);
	const documents = await n8n.api<{ data: Array<{ id: number; name: string; status: string }> }>(
		'GET',
		'/api/user/knowledgebases/51/documents',
	);
	expect(documents.json.data).toContainEqual(
		expect.objectContaining({ id: report.document_id, name: 'famulor-faq.txt', status: 'active' }),
	);
});

test(`${ON_N8N}: 5 Human handover: a request for a person pauses the AI, saves a note for the agent, then hands back`, async () => {
	const run = await successfulRun('famulorExample05');
	expect(nodeOutput(run, 'Asks for a person?', 1)).toHaveLength(0);
	const [conversation] = nodeOutput(run, 'Find conversation');
	const uuid = String(conversation.id);
	expect(conversation).toMatchObject({
		type: 'whatsapp',
		customer: { name: 'Max Miller', phone: '+4917612345678' },
	});
	expect(nodeOutput(run, 'Disable AI')).toEqual([
		{ conversation_id: uuid, status: true, ai_enabled: false },
	]);
	const [handedBack] = nodeOutput(run, 'Handed back');
	const file = join(n8n.filesDir, `famulor-handover-${uuid}.json`);
	expect(handedBack).toEqual({
		conversation_id: uuid,
		ai_enabled: true,
		note_file: file,
		summary: `Conversation ${uuid}: AI paused for a person, note saved, AI back on`,
	});
	const note = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
	expect(note).toEqual({
		conversation_id: uuid,
		ai_enabled: false,
		customer_name: 'Max Miller',
		customer_phone: '+4917612345678',
		message: 'Can I talk to a human, please?',
		note: 'Max Miller asked for a person on WhatsApp: "Can I talk to a human, please?". The AI is paused; please answer in the Famulor inbox.',
	});

	const requests = await apiRequests();
	expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
		'GET /api/user/conversations',
		`POST /api/automate/conversations/${uuid}/disable-ai`,
		`POST /api/automate/conversations/${uuid}/enable-ai`,
	]);
	expect(requests[0].query).toEqual({
		type: 'whatsapp',
		customer_phone: '+4917612345678',
		per_page: '1',
	});
	const state = await n8n.ctl<{ ai_enabled: boolean }>('GET', `/state/conversations/${uuid}`);
	expect(state.ai_enabled).toBe(true);
});

test(`${ON_N8N}: 7 Leads to campaign: every CSV row becomes a lead of campaign 91, then the campaign starts calling; a second run names the skipped numbers`, async () => {
	const run = await successfulRun('famulorExample07');
	const [report] = nodeOutput(run, 'Report');
	expect(report).toEqual({
		campaign_id: 91,
		campaign_status: 'in-progress',
		leads_created: [expect.any(Number), expect.any(Number), expect.any(Number)],
		leads_skipped: [],
		report: '3 lead(s) queued in campaign 91, 0 skipped; campaign status: in-progress',
	});

	const requests = await apiRequests();
	expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
		'POST /api/user/lead',
		'POST /api/user/lead',
		'POST /api/user/lead',
		'POST /api/user/campaigns/update-status',
	]);
	expect(requests[0].body).toEqual({
		phone_number: '+4915112347001',
		campaign_id: 91,
		variables: { customer_name: 'Anna Becker', email: 'anna@example.com' },
	});
	expect(requests[3].body).toEqual({ campaign_id: 91, action: 'start' });
	const leads = await n8n.api<{
		data: Array<{ id: number; status: string; phone_number: string }>;
	}>('GET', '/api/user/leads?campaign_id=91&per_page=100');
	const created = leads.json.data.filter((lead) =>
		(report.leads_created as number[]).includes(lead.id),
	);
	expect(created.map((lead) => lead.phone_number)).toEqual([
		'+4915112347001',
		'+4915112347002',
		'+4915112347003',
	]);
	// the campaign calls up to 3 leads at once (its max_calls_in_parallel); the calls ring until the sandbox ends them
	const campaignPhones = new Set(leads.json.data.map((lead) => lead.phone_number));
	const calls = await n8n.ctl<Array<{ status: string; customer_phone: string }>>('GET', '/calls');
	expect(
		calls.filter((call) => call.status === 'initiated' && campaignPhones.has(call.customer_phone)),
	).toHaveLength(3);

	// run again: the numbers are in the campaign already, so nothing new is queued and the campaign is not started again
	await n8n.ctl('DELETE', '/requests');
	const again = await successfulRun('famulorExample07');
	const [second] = nodeOutput(again, 'Report');
	expect(second).toEqual({
		campaign_id: 91,
		campaign_status: 'not started',
		leads_created: [],
		leads_skipped: ['+4915112347001', '+4915112347002', '+4915112347003'],
		report:
			'0 lead(s) queued in campaign 91, 3 skipped (+4915112347001, +4915112347002, +4915112347003); no new leads, so the campaign was not started',
	});
	const skipped = nodeOutput(again, 'Create leads');
	expect(skipped.map((lead) => lead.error)).toEqual(
		Array(3).fill(
			'Famulor API error 422: A lead with this phone number already exists in this campaign. (field: phone_number)',
		),
	);
	expect((await apiRequests()).map((request) => `${request.method} ${request.path}`)).toEqual([
		'POST /api/user/lead',
		'POST /api/user/lead',
		'POST /api/user/lead',
	]);
});

test(`${ON_N8N}: 3 WhatsApp auto-reply: closed window (25 h later) → the follow-up template is sent with the customer's name`, async () => {
	await n8n.ctl('POST', '/clock/advance', { ms: 25 * 3600_000 });
	const run = await successfulRun('famulorExample03');
	expect(nodeOutput(run, 'Can send free-form?', 0)).toHaveLength(0);
	expect(nodeOutput(run, 'Send follow-up template')).toEqual([QUEUED_TEMPLATE_SEND]);
	expect(run.data.resultData.runData['Generate reply']).toBeUndefined();
	const requests = await apiRequests();
	expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
		'GET /api/user/whatsapp/session-status',
		'GET /api/user/whatsapp/senders/71/templates',
		'POST /api/user/whatsapp/send',
	]);
	expect(requests[2].body).toEqual({
		sender_id: 71,
		template_id: 7105,
		recipient_phone: '+4917612345678',
		recipient_name: 'Max Miller',
		variables: { customer_name: 'Max Miller' },
	});
});

test(`${ON_N8N}: 10 Call ended to records without a public URL: the sample call is written to a file, nothing is registered`, async () => {
	const run = await successfulRun('famulorExample10');
	expect(run.data.resultData.runData['Famulor AI Polling Trigger']).toBeUndefined();
	expect((await apiRequests()).map((request) => `${request.method} ${request.path}`)).toEqual([
		'GET /api/user/calls/480337',
	]);
	const file = join(n8n.filesDir, 'famulor-polled-call-480337.json');
	expect(nodeOutput(run, 'Summary')[0]).toMatchObject({ file });
	expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
		call_id: 480337,
		assistant: 'Sales Outreach',
	});
});

test(`${ON_N8N}: Retry On Fail (3 tries) after a refused second call places the first, paid call once`, async () => {
	const run = await executeWorkflow(n8n, RETRIED_CALL_ID);
	const calls = (await apiRequests()).filter(
		(request) => request.method === 'POST' && request.path === '/api/user/make_call',
	);
	// n8n ran the node three times: the call that went through was remembered, the refused one tried each time.
	expect(calls.filter((request) => request.status === 200).map((request) => request.body)).toEqual([
		{ phone_number: VALID_PHONE, assistant_id: 102 },
	]);
	expect(calls.filter((request) => request.status === 404)).toHaveLength(3);
	expect(run.data.resultData.error?.message).toMatch(/1 call of other items went through/);
});

test(`${ON_N8N}: 3 WhatsApp auto-reply, published: Only While AI Is Off leaves AI-on chats to the assistant and answers once after the customer command with --ai off`, async () => {
	const server = await n8n.start();
	const settle = async () => await aPollPasses(n8n.client);
	const runs = async () => await executionsOf(server, POLLED_EXAMPLE_3_ID);
	const sandboxUrl = n8n.sandbox.url;
	try {
		expect((await server.activate(POLLED_EXAMPLE_3_ID)).status).toBe(200);
		await server.waitUntilPublished(POLLED_EXAMPLE_3_ID);
		await settle(); // the first poll only remembers what is there

		const withAi = await customerCommand(sandboxUrl, 'whatsapp-message', {
			text: 'Do you deliver on Sunday?',
			ai: 'on',
		});
		expect(withAi).toContain('AI on: the assistant answered by itself');
		await settle();
		expect(await runs()).toEqual([]);

		await n8n.client.clearRequests();
		const text = 'Are you open on Saturday?';
		const handedOver = await customerCommand(sandboxUrl, 'whatsapp-message', { text, ai: 'off' });
		expect(handedOver).toContain('AI off: no AI reply');
		await waitFor(
			'one run of the published example 3',
			async () => ((await runs()).some((run) => run.status === 'success') ? true : undefined),
			60_000,
			500,
		);
		await settle();
		expect((await runs()).map((run) => run.status)).toEqual(['success']);
		const sent = (await apiRequests()).filter(
			(request) => request.path === '/api/user/whatsapp/send-freeform',
		);
		expect(sent.map((request) => request.body)).toEqual([
			{ sender_id: 71, recipient_phone: '+4917612345678', message: expect.stringContaining(text) },
		]);
		const shown = await customerCommand(sandboxUrl, 'messages', {});
		expect(shown).toMatch(/AI off\n/);
		expect(shown.trim().split('\n').slice(-2)).toEqual([
			expect.stringContaining(`customer: ${text}`),
			expect.stringContaining('you (freeform, API): '),
		]);
	} finally {
		await server.deactivate(POLLED_EXAMPLE_3_ID);
		await server.stop();
	}
}, 240_000);
