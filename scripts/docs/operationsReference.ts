/**
 * docs/OPERATIONS.md, built from the code: resources, operations, fields and defaults from the action node's
 * descriptions (both versions), what an operation's requests do from its module's `effect`, and the
 * endpoint and output from running the operation once against the sandbox and reading the sandbox's
 * request log (so the path each version really sends is documented, not a copy of it).
 */
import type {
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';

import { resourcesV1, resourcesV2, type ResourceMap } from '../../nodes/Famulor/actions/resources';
import type { OperationEffect } from '../../nodes/Famulor/actions/types';
import { SEED, startSandbox } from '../../sandbox';
import { actionNodeDescription, runNode, type TestCredentials } from '../../harness/engine';
import { SandboxClient } from '../../harness/sandboxClient';

const VERSIONS: Array<[number, ResourceMap]> = [
	[1, resourcesV1],
	[2, resourcesV2],
];

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

function isShownFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show;
	return (
		(show?.resource?.includes(resource) ?? false) &&
		(show?.operation === undefined || show.operation.includes(operation))
	);
}

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

interface Observed {
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

async function observe(
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

interface OperationDoc {
	name: string;
	action: string;
	description: string;
	effect?: OperationEffect;
	/** Per version that has it: its fields and what a run showed. */
	versions: Map<number, { fields: INodeProperties[]; observed: Observed }>;
}

const EFFECTS: Record<OperationEffect['kind'], string> = {
	billed:
		'costs money: sent once (never repeated, not by Retry On Fail), one item at a time unless Parallel Requests says otherwise',
	irreversible:
		'cannot be undone: sent once (never repeated, not by Retry On Fail), one item at a time unless Parallel Requests says otherwise',
	creates:
		'creates a record: sent once (never repeated, not by Retry On Fail), one item at a time unless Parallel Requests says otherwise',
};

const sentence = (text: string) => (text === '' || /[.!?:)]$/.test(text) ? text : `${text}.`);
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const plain = (html: string) => html.replace(/<a href="([^"]+)">([^<]+)<\/a>/g, '[$2]($1)');

function shownDefault(field: INodeProperties): string {
	const value = field.default;
	if (value === '' || value === undefined || value === null) return '';
	if (typeof value === 'object') {
		const locatorValue = (value as { value?: unknown }).value;
		if (locatorValue !== undefined) return locatorValue === '' ? '' : `\`${String(locatorValue)}\``;
		return Object.keys(value).length === 0 ? '' : `\`${JSON.stringify(value)}\``;
	}
	return `\`${String(value)}\``;
}

function optionNames(field: INodeProperties): string {
	const options = (field.options ?? []) as Array<INodeProperties | INodePropertyCollection>;
	return options.map((option) => option.displayName).join(', ');
}

function fieldRows(fields: INodeProperties[]): string[] {
	return fields
		.filter((field) => field.type !== 'notice')
		.map((field) => {
			const choices =
				field.type === 'options' || field.type === 'multiOptions'
					? ((field.options ?? []) as INodePropertyOptions[])
							.map((option) => option.name)
							.join(', ')
					: '';
			const nested =
				field.type === 'collection' || field.type === 'fixedCollection'
					? `Contains: ${optionNames(field)}.`
					: '';
			const description = [
				sentence(plain(field.description ?? '')),
				choices && `One of: ${choices}.`,
				nested,
			]
				.filter(Boolean)
				.join(' ');
			return `| ${cell(field.displayName)} | \`${field.name}\` | ${field.type} | ${field.required ? 'yes' : ''} | ${shownDefault(field)} | ${cell(description)} |`;
		});
}

function fieldTable(fields: INodeProperties[]): string[] {
	if (fields.length === 0) return ['No fields.'];
	return [
		'| Field | Parameter | Type | Required | Default | Description |',
		'| --- | --- | --- | --- | --- | --- |',
		...fieldRows(fields),
	];
}

const sameFields = (a: INodeProperties[], b: INodeProperties[]) =>
	JSON.stringify(a) === JSON.stringify(b);

function renderOperation(resourceName: string, doc: OperationDoc): string[] {
	const versions = [...doc.versions.keys()];
	const entries = [...doc.versions.entries()];
	const lines = [
		`### ${resourceName} → ${doc.name}`,
		'',
		plain(doc.description),
		'',
		`- Versions: ${versions.join(', ')}`,
	];
	const endpointsOf = (version: number) =>
		doc.versions
			.get(version)!
			.observed.endpoints.map((endpoint) => `\`${endpoint}\``)
			.join(', then ') || 'none observed';
	const outputsOf = (version: number) => doc.versions.get(version)!.observed.output;
	const sameAcross = (of: (version: number) => string) =>
		versions.every((version) => of(version) === of(versions[0]));
	const perVersion = (label: string, of: (version: number) => string) =>
		sameAcross(of)
			? [`- ${label}: ${of(versions[0])}`]
			: versions.map((version) => `- ${label} (version ${version}): ${of(version)}`);
	lines.push(...perVersion('Endpoint', endpointsOf));
	if (doc.effect) lines.push(`- Each request ${EFFECTS[doc.effect.kind]}`);
	lines.push(...perVersion('Output', outputsOf), '');
	if (entries.every(([, entry]) => sameFields(entry.fields, entries[0][1].fields)))
		lines.push(...fieldTable(entries[0][1].fields));
	else
		for (const [version, entry] of entries)
			lines.push(`Version ${version}:`, '', ...fieldTable(entry.fields), '');
	lines.push('');
	return lines;
}

export function resourceNames(description: INodeTypeDescription): Map<string, string> {
	const property = description.properties.find((candidate) => candidate.name === 'resource');
	return new Map(
		((property?.options ?? []) as INodePropertyOptions[]).map((option) => [
			String(option.value),
			option.name,
		]),
	);
}

export function operationOptions(
	description: INodeTypeDescription,
	resource: string,
): INodePropertyOptions[] {
	const property = description.properties.find(
		(candidate) =>
			candidate.name === 'operation' &&
			candidate.displayOptions?.show?.resource?.includes(resource),
	);
	return (property?.options ?? []) as INodePropertyOptions[];
}

const byName = (operations: Map<string, OperationDoc>) =>
	[...operations.values()].sort((a, b) => a.name.localeCompare(b.name));

/** The whole reference, as docs/OPERATIONS.md holds it. */
export async function buildOperationsReference(): Promise<string> {
	const sandbox = await startSandbox({
		port: 0,
		generalRateLimit: false,
		documentProcessingMs: 60_000,
	});
	const client = new SandboxClient(sandbox);

	const credentials: TestCredentials = {
		apiToken: sandbox.tokens.alice,
		baseUrl: sandbox.url,
		customRateLimits: true,
		generalLimit: 0,
		generalBurstLimit: 0,
	};
	const resources = new Map<string, { name: string; operations: Map<string, OperationDoc> }>();
	try {
		for (const [version, resourceMap] of VERSIONS) {
			const description = actionNodeDescription(version);
			const names = resourceNames(description);
			for (const [resource, module] of Object.entries(resourceMap)) {
				const entry = resources.get(resource) ?? {
					name: names.get(resource) ?? resource,
					operations: new Map<string, OperationDoc>(),
				};
				resources.set(resource, entry);
				for (const option of operationOptions(description, resource)) {
					const operation = String(option.value);
					const fields = description.properties.filter(
						(property) =>
							property.name !== 'operation' && isShownFor(property, resource, operation),
					);
					const doc = entry.operations.get(operation) ?? {
						name: option.name,
						action: option.action ?? option.name,
						description: option.description ?? '',
						effect: module.operations[operation]?.effect,
						versions: new Map(),
					};
					// The newest version's texts describe the operation.
					Object.assign(doc, {
						name: option.name,
						action: option.action ?? option.name,
						description: option.description ?? '',
					});
					doc.versions.set(version, {
						fields,
						observed: await observe(client, credentials, version, resource, operation, fields),
					});
					entry.operations.set(operation, doc);
				}
			}
		}
	} finally {
		await sandbox.stop();
	}
	const sorted = [...resources.values()].sort((a, b) => a.name.localeCompare(b.name));
	const lines = [
		'# Operations reference',
		'',
		'<!-- Generated by `npm run docs` (scripts/docs.ts) from the node descriptions and the operation modules; do not edit by hand. -->',
		'',
		'Every resource and operation of the **Famulor AI** node, in both node versions (version 1 is frozen to the seed specification, version 2 is the default for new nodes). Fields, defaults and texts come from the node descriptions; endpoints and outputs from running each operation once against the sandbox that models the Famulor API. The service documents its API at https://docs.famulor.de/en/api-reference/introduction.',
		'',
		'Version 2 ends every form with _Options → Parallel Requests_; version 1 with _Parallel Requests_.',
		'',
		'## Contents',
		'',
		...sorted.map(
			(resource) =>
				`- ${resource.name}: ${byName(resource.operations)
					.map((operation) => operation.name)
					.join(', ')}`,
		),
		'',
	];
	for (const resource of sorted) {
		lines.push(`## ${resource.name}`, '');
		for (const doc of resource.operations.values())
			lines.push(...renderOperation(resource.name, doc));
	}
	return `${lines
		.join('\n')
		.replace(/\n{3,}/g, '\n\n')
		.trimEnd()}\n`;
}
