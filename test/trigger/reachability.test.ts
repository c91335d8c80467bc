/** Whether Famulor's servers can reach n8n's webhook URL: the decision as a table, then the trigger refusing before anything is sent. */
import type { INodeParameters } from 'n8n-workflow';

import {
	deliveryProblem,
	deliveryProblemMessage,
	isPrivateHost,
} from '../../nodes/FamulorTrigger/reachability';
import { byId, useTriggerKit } from './triggerKit';

describe('isPrivateHost', () => {
	it.each([
		['localhost', true],
		['n8n.localhost', true],
		['127.0.0.1', true],
		['127.10.0.3', true],
		['10.1.2.3', true],
		['172.16.0.1', true],
		['172.31.255.254', true],
		['172.32.0.1', false],
		['172.15.0.1', false],
		['192.168.178.20', true],
		['192.169.0.1', false],
		['169.254.1.1', true],
		['100.64.0.1', true],
		['100.101.102.103', true],
		['100.128.0.1', false],
		['0.0.0.0', true],
		['8.8.8.8', false],
		['[::1]', true],
		['[::]', true],
		['[fd12:3456::1]', true],
		['[fc00::1]', true],
		['[fe80::1]', true],
		['[::ffff:7f00:1]', true],
		['[::ffff:a00:1]', true],
		['[::ffff:808:808]', false],
		['[2001:db8::1]', false],
		['n8n', true],
		['printer.local', true],
		['nas.home.arpa', true],
		['n8n.corp.internal', true],
		['box.lan', true],
		['N8N.EXAMPLE.COM.', false],
		['n8n.example.com', false],
		['my-n8n.app.n8n.cloud', false],
	])('%s → %s', (host, expected) => {
		expect(isPrivateHost(host)).toBe(expected);
	});
});

const FAMULOR = 'https://app.famulor.de';
const SANDBOX = 'http://127.0.0.1:4010';

describe('deliveryProblem', () => {
	it.each([
		// webhook URL, service, HTTPS required, problem
		['https://n8n.example.com/webhook/x/webhook', FAMULOR, true, undefined],
		['http://n8n.example.com/webhook/x/webhook', FAMULOR, false, undefined],
		['http://n8n.example.com/webhook/x/webhook', FAMULOR, true, 'notHttps'],
		['http://localhost:5678/webhook/x/webhook', FAMULOR, false, 'privateAddress'],
		['https://192.168.1.20/webhook/x/webhook', FAMULOR, true, 'privateAddress'],
		['http://n8n:5678/webhook/x/webhook', FAMULOR, false, 'privateAddress'],
		['http://localhost:5678/webhook/x/webhook', SANDBOX, false, undefined],
		['http://localhost:5678/webhook/x/webhook', SANDBOX, true, undefined],
		['http://127.0.0.1:5678/webhook/x/webhook', SANDBOX, true, undefined],
		['http://[::1]:5678/webhook/x/webhook', SANDBOX, true, undefined],
		// The sandbox lets plain http through to 127.0.0.1, localhost and [::1] only, as the action node's check does.
		['http://127.0.0.2:5678/webhook/x/webhook', SANDBOX, true, 'notHttps'],
		['http://10.0.0.5:5678/webhook/x/webhook', SANDBOX, false, undefined],
		['http://10.0.0.5:5678/webhook/x/webhook', SANDBOX, true, 'notHttps'],
		['http://n8n.example.com/webhook/x/webhook', SANDBOX, true, 'notHttps'],
		['http://localhost:5678/webhook/x/webhook', 'http://sandbox:4010', false, undefined],
	] as const)('%s from %s (HTTPS %s) → %s', (webhookUrl, service, requiresHttps, expected) => {
		expect(deliveryProblem(webhookUrl, service, requiresHttps)).toBe(expected);
	});
});

describe('deliveryProblemMessage', () => {
	const url = 'http://localhost:5678/webhook/x/webhook';

	it('names the URL, WEBHOOK_URL and the polling event where there is one', () => {
		expect(
			deliveryProblemMessage('privateAddress', {
				event: 'callCompleted',
				label: 'post-call webhook',
				url,
			}),
		).toBe(
			`Famulor's servers cannot reach this n8n, so the post-call webhook would never arrive: its webhook URL ${url} is a loopback or private address. Set n8n's WEBHOOK_URL environment variable to an address the internet reaches (e.g. WEBHOOK_URL=https://n8n.example.com/ through a reverse proxy or tunnel) and restart n8n, or use the Famulor AI Polling Trigger's "Call Ended" event, which needs no public URL`,
		);
	});

	it('says so where the polling trigger has no equivalent', () => {
		expect(
			deliveryProblemMessage('privateAddress', {
				event: 'midCallTool',
				label: "mid-call tool's requests",
				url,
			}),
		).toMatch(/restart n8n \(the Famulor AI Polling Trigger has no event for this one\)$/);
	});
});

describe('the trigger refuses an unreachable URL before anything is sent', () => {
	const kit = useTriggerKit();
	let savedBaseUrl = '';

	beforeEach(() => {
		savedBaseUrl = kit().credentials.baseUrl;
	});
	afterEach(() => {
		kit().credentials.baseUrl = savedBaseUrl;
	});

	/** The credential points at Famulor itself (nothing is sent there: the check comes first). */
	const atFamulor = () => {
		kit().credentials.baseUrl = FAMULOR;
	};

	it.each([
		[{ event: 'callCompleted', assistantId: byId(101) }, /"Call Ended" event/],
		[{ event: 'whatsAppMessageStatus', signingSecret: 'whsec_x' }, /read receipts would never/],
		[
			{ event: 'midCallTool', toolName: 'get_order', toolAssistantIds: [101] },
			/mid-call tool's requests would never arrive/,
		],
	] as Array<[INodeParameters, RegExp]>)('%j', async (parameters, message) => {
		atFamulor();
		const t = kit().trigger(parameters, { typeVersion: 1.2 });
		Object.assign(t.webhookData.workflowExecuteAdditionalData, {
			webhookBaseUrl: 'http://localhost:5678/webhook',
		});
		const refusal = t.lifecycle('create');
		await expect(refusal).rejects.toThrow(message);
		await expect(refusal).rejects.toThrow("Famulor's servers cannot reach this n8n, so the ");
		expect(await kit().requests()).toEqual([]);
		expect(t.nodeStaticData()).toEqual({});
	});

	it('lets a private URL through to a service on the same network (the sandbox)', async () => {
		const t = kit().trigger({ event: 'callCompleted', assistantId: byId(101) });
		Object.assign(t.webhookData.workflowExecuteAdditionalData, {
			webhookBaseUrl: 'http://192.168.1.20:5678/webhook',
		});
		await t.lifecycle('create');
		expect((await kit().assistant(101)).webhook_url).toMatch(
			/^http:\/\/192\.168\.1\.20:5678\/webhook\/.*\?secret=/,
		);
	});
});
