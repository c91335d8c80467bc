/** The operations reference's sample runs: parameters each operation accepts, run once against the sandbox, and the endpoints and output observed. */
import type {
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
} from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { runNode, type TestCredentials } from '../../harness/engine';
import type { SandboxClient } from '../../harness/sandboxClient';

/** IDs the sandbox has seeded, per picker, so reads find their record and multi-step operations run through. */
const SEEDED_IDS: Record<string, string> = {
	assistantId: String(SEED.alice.outboundAssistantId),
	assistantUuid: SEED.alice.chatAssistantUuid,
	callId: String(SEED.alice.completedCallId),
	campaignId: String(SEED.alice.draftCampaignId),
	leadId: String(SEED.alice.leadIds[0]),
	knowledgeBaseId: String(SEED.alice.knowledgeBaseId),
	documentId: String(SEED.alice.documentIds[0]),
	phoneNumberId: String(SEED.alice.smsPhoneNumberId),
	from: String(SEED.alice.smsPhoneNumberId),
	senderId: String(SEED.alice.senders.online),
	templateId: String(SEED.alice.templates.approvedNoVariables),
	toolId: String(SEED.alice.toolIds[0]),
	folderId: String(SEED.alice.folderIds[0]),
	labelId: String(SEED.alice.labelIds[0]),
	voiceId: String(SEED.voiceIds[0]),
};
const EXAMPLE_UUID = '0f8c3a52-6d0e-4b7a-9c1d-2e3f4a5b6c7d';

/** A value for a text field that the operation's own checks accept. */
function sampleText(name: string): string {
	if (SEEDED_IDS[name] !== undefined) return SEEDED_IDS[name];
	if (/url|webhook|endpoint/i.test(name)) return 'https://example.com/hook';
	if (/phone|number|^to$|customer/i.test(name)) return SEED.alice.openWindowCustomer.phone;
	if (/email/i.test(name)) return 'someone@example.com';
	if (/timezone/i.test(name)) return 'Europe/Berlin';
	if (/country/i.test(name)) return 'DE';
	if (/time$/i.test(name)) return '09:00';
	if (/json|body|headers|schema/i.test(name)) return '{}';
	if (/language/i.test(name)) return SEED.languageNames[0];
	if (/model/i.test(name)) return SEED.llmModels[0];
	return 'example';
}

/** Update operations refuse an empty Update Fields: the sample changes the name (or the first text field). */
function sampleUpdate(field: INodeProperties): INodeParameters {
	const options = ((field.options ?? []) as INodeProperties[]).filter(
		(option) => option.type === 'string',
	);
	const first = options.find((option) => /name/i.test(option.name)) ?? options[0];
	return first ? { [first.name]: sampleText(first.name) } : {};
}

/** A small PDF in the input's `data` binary field, for the uploads. */
const SAMPLE_INPUT: INodeExecutionData[] = [
	{
		json: {},
		binary: {
			data: {
				data: Buffer.from('%PDF-1.4\n%sample\n').toString('base64'),
				mimeType: 'application/pdf',
				fileName: 'sample.pdf',
			},
		},
	},
];

function sampleParameters(fields: INodeProperties[]): INodeParameters {
	const parameters: INodeParameters = {};
	for (const field of fields) {
		if (field.type === 'resourceLocator') {
			if (!field.required) continue;
			const uuid = field.modes?.some((mode) =>
				JSON.stringify(mode.validation ?? '').includes('[0-9a-fA-F]{8}'),
			);
			const byId = field.modes?.find((mode) => mode.name === 'id');
			const typed = byId ?? field.modes?.find((mode) => mode.name !== 'list');
			const value = byId
				? (SEEDED_IDS[field.name] ?? (uuid ? EXAMPLE_UUID : '1'))
				: sampleText(field.name);
			parameters[field.name] = { __rl: true, mode: typed?.name ?? 'list', value };
		} else if (field.name === 'updateFields') parameters[field.name] = sampleUpdate(field);
		else if (field.type === 'string' && /url/i.test(field.name))
			parameters[field.name] = sampleText(field.name);
		else if (field.type === 'boolean' && /^confirm/.test(field.name)) parameters[field.name] = true;
		else if (!field.required) continue;
		else if (field.type === 'string' && field.default === '')
			parameters[field.name] = sampleText(field.name);
		else if (field.type === 'json') parameters[field.name] = '{}';
		else if (field.type === 'options' && field.default === '')
			parameters[field.name] = sampleText(field.name);
		else if (field.type === 'number' && !field.default)
			parameters[field.name] = Number(SEEDED_IDS[field.name] ?? 1);
	}
	return parameters;
}

export interface Observed {
	endpoints: string[];
	output: string;
}

/** `/api/user/calls/480337` → `/api/user/calls/{callId}`, for the IDs this run chose. */
function templated(path: string, parameters: INodeParameters): string {
	let result = path;
	for (const [name, parameter] of Object.entries(parameters)) {
		const value =
			typeof parameter === 'object' ? (parameter as { value?: unknown })?.value : parameter;
		if (typeof value === 'string' && /^(\d+|[0-9a-f-]{36})$/.test(value))
			result = result.replace(new RegExp(`/${value}(?=/|$)`), `/{${name}}`);
	}
	return result;
}

function describeOutput(items: IDataObject[], error: string | undefined, list: boolean): string {
	if (error !== undefined) return `not observed; the sample run ended with: ${error}`;
	if (items.length === 0) return 'no items';
	const keys = Object.keys(items[0]);
	const shown = keys.slice(0, 12).map((key) => `\`${key}\``);
	const fields = keys.length > 12 ? `${shown.join(', ')}, …` : shown.join(', ');
	return list
		? `one item per record: ${fields}`
		: `one item per input item: ${fields || 'an empty object'}`;
}

export async function observe(
	client: SandboxClient,
	credentials: TestCredentials,
	version: number,
	resource: string,
	operation: string,
	fields: INodeProperties[],
): Promise<Observed> {
	await client.reset();
	if (fields.some((field) => field.name === 'conversationId')) {
		// A chat to work on: the chat API opens one (the sandbox's reset removed the last).
		const chat = await client.api<{ conversation_id?: string }>('POST', '/api/conversations', {
			assistant_id: SEED.alice.chatAssistantUuid,
		});
		SEEDED_IDS.conversationId = chat.json.conversation_id ?? EXAMPLE_UUID;
		await client.clearRequests();
	}
	if (process.env.DOCS_TRACE) process.stderr.write(`v${version} ${resource} ${operation}\n`);
	const parameters = { resource, operation, ...sampleParameters(fields) };
	const result = await runNode({
		parameters,
		typeVersion: version,
		credentials,
		input: SAMPLE_INPUT,
	});
	const log = await client.apiRequests();
	if (process.env.DOCS_TRACE && result.error)
		process.stderr.write(`  ${log.length} requests; ${result.error.message}\n`);
	return {
		endpoints: [
			...new Set(log.map((entry) => `${entry.method} ${templated(entry.path, parameters)}`)),
		],
		output: describeOutput(
			result.output.map((item) => item.json),
			result.error?.message,
			fields.some((field) => field.name === 'returnAll'),
		),
	};
}
