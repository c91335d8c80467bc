/**
 * Every picker of every node (listSearch, loadOptions, resourceMapping) opened as on a new node, with
 * no other field chosen. None may throw: n8n logs a thrown error with its stack and the editor shows
 * only "Could not load list". A picker that needs another field first shows that as its hint.
 */
import type {
	ILoadOptionsFunctions,
	INodeProperties,
	INodePropertyModeTypeOptions,
	INodeType,
} from 'n8n-workflow';

import { withRequestContext } from '../../harness/engine';
import { Famulor } from '../../nodes/Famulor/Famulor.node';
import { FamulorPollTrigger } from '../../nodes/FamulorPollTrigger/FamulorPollTrigger.node';
import { FamulorTrigger } from '../../nodes/FamulorTrigger/FamulorTrigger.node';
import { useKit } from './kit';

const kit = useKit();

type Picker = (this: ILoadOptionsFunctions, ...args: unknown[]) => Promise<unknown>;
const KINDS = ['listSearch', 'loadOptions', 'resourceMapping'] as const;

const famulor = new Famulor();
const nodes: Array<[string, INodeType]> = [
	...Object.entries(famulor.nodeVersions).map(([version, type]): [string, INodeType] => [
		`Famulor AI v${version}`,
		type,
	]),
	['Famulor AI Trigger', new FamulorTrigger()],
	['Famulor AI Polling Trigger', new FamulorPollTrigger()],
];

/** Each picker function once, named by where it is first met. */
const pickers = new Map<Picker, string>();
for (const [node, type] of nodes)
	for (const kind of KINDS)
		for (const [name, picker] of Object.entries(type.methods?.[kind] ?? {}))
			if (!pickers.has(picker as Picker)) pickers.set(picker as Picker, `${node} ${kind}.${name}`);

const SENDER_FIRST = 'Choose the Sender first: templates are listed per sender';
/** What a picker that needs another field answers while that field is empty. */
const HINTS: Record<string, unknown> = {
	searchWhatsAppTemplates: { results: [{ name: SENDER_FIRST, value: '' }] },
	getTemplateVariables: { fields: [], emptyFieldsNotice: SENDER_FIRST },
	searchDocuments: {
		results: [
			{
				name: 'Choose the Knowledge Base first: documents are listed per knowledge base',
				value: '',
			},
		],
	},
};

/** The picker methods of the fields whose list depends on another field (loadOptionsDependsOn). */
function dependentPickers(properties: INodeProperties[]): string[] {
	return properties.flatMap((property) => {
		const options = property.typeOptions;
		const nested = [...(property.options ?? [])].flatMap((option) =>
			'values' in option
				? dependentPickers(option.values)
				: 'name' in option && 'type' in option
					? dependentPickers([option])
					: [],
		);
		if (!options?.loadOptionsDependsOn?.length) return nested;
		const fromModes = (property.modes ?? []).map(
			(mode) => (mode.typeOptions as INodePropertyModeTypeOptions | undefined)?.searchListMethod,
		);
		const methods = [
			...fromModes,
			options.loadOptionsMethod,
			options.resourceMapper?.resourceMapperMethod,
		].filter((method): method is string => typeof method === 'string');
		return [...methods, ...nested];
	});
}

/** Calls a picker with a real n8n-core context whose current node parameters choose nothing. */
async function openOnNewNode(picker: Picker): Promise<unknown> {
	return await withRequestContext(kit().credentials, async function () {
		const context = Object.assign(Object.create(this) as ILoadOptionsFunctions, {
			getCurrentNodeParameter: () => undefined,
		});
		return await picker.call(context);
	});
}

describe('pickers opened before any other field is chosen', () => {
	it.each([...pickers].map(([picker, name]) => [name, picker] as const))(
		'%s answers without throwing',
		async (_name, picker) => {
			await expect(openOnNewNode(picker)).resolves.toBeDefined();
		},
	);

	it.each(Object.entries(HINTS))(
		'%s shows what to choose first, and asks the service nothing',
		async (method, hint) => {
			const picker = [...pickers].find(([, name]) => name.endsWith(`.${method}`))?.[0];
			expect(picker).toBeDefined();
			await expect(openOnNewNode(picker as Picker)).resolves.toEqual(hint);
			expect(await kit().requests()).toEqual([]);
		},
	);

	it('every field whose list depends on another field has its picker in the hint table', () => {
		const dependent = nodes.flatMap(([, type]) => dependentPickers(type.description.properties));
		expect([...new Set(dependent)].sort()).toEqual(Object.keys(HINTS).sort());
	});
});
