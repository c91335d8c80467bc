/**
 * What a new user reads before anything is sent: the AI Agent's tool description of billed operations,
 * the trigger's event labels in the nodes panel, the By ID message of every picker, the Parallel Requests
 * value each operation runs with, and which assistants the pickers of call-starting operations offer.
 */
import {
	NodeHelpers,
	type INode,
	type INodeProperties,
	type INodePropertyOptions,
	type INodePropertyRegexValidation,
	type INodeType,
} from 'n8n-workflow';

import { DEFAULT_PARALLEL_REQUESTS } from '../../nodes/Famulor/actions/concurrency';
import { resourcesV1, resourcesV2, type ResourceMap } from '../../nodes/Famulor/actions/resources';
import { FamulorTrigger } from '../../nodes/FamulorTrigger/FamulorTrigger.node';
import { actionNodeDescription } from '../../harness/engine';

const VERSIONS: Array<[number, ResourceMap]> = [
	[1, resourcesV1],
	[2, resourcesV2],
];

/** [resource, operation] of every operation of a version with the given effect. */
function operationsWith(resources: ResourceMap, kind: string): Array<[string, string]> {
	return Object.entries(resources).flatMap(([resource, module]) =>
		Object.entries(module.operations)
			.filter(([, operation]) => operation.effect?.kind === kind)
			.map(([operation]): [string, string] => [resource, operation]),
	);
}

/** The description n8n's AI Agent gives the node as a tool when the user leaves it on automatic. */
function toolDescription(version: number, resource: string, operation: string): string {
	const node = {
		parameters: { resource, operation, descriptionType: 'auto' },
		typeVersion: version,
	} as unknown as INode;
	const nodeType = { description: actionNodeDescription(version) } as INodeType;
	return NodeHelpers.getToolDescriptionForNode(node, nodeType);
}

describe.each(VERSIONS)('version %i as an AI Agent tool', (version, resources) => {
	test('every billed operation says so in its tool description', () => {
		const billed = operationsWith(resources, 'billed');
		expect(billed.length).toBeGreaterThan(3);
		for (const [resource, operation] of billed)
			expect(
				`${resource} → ${operation}: ${toolDescription(version, resource, operation)}`,
			).toMatch(/: .*\bbilled\b.* in Famulor AI$/);
	});

	test('Call → Make says that it places a billed call', () => {
		expect(toolDescription(version, 'call', 'make')).toBe('Make a billed call in Famulor AI');
	});
});

test('the trigger events read as n8n lists them in the nodes panel, WhatsApp spelled as such', () => {
	const event = new FamulorTrigger().description.properties.find(
		(property) => property.name === 'event',
	);
	const actions = (event?.options as INodePropertyOptions[]).map((option) => option.action);
	expect(actions).toEqual([
		'On call completed',
		'On conversation ended',
		'On inbound call completed',
		'On WhatsApp message status',
	]);
});

function locators(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => [
		...(property.type === 'resourceLocator' ? [property] : []),
		...locators(
			((property.options ?? []) as Array<INodeProperties | { values?: INodeProperties[] }>).flatMap(
				(option) =>
					'type' in option ? [option] : ((option as { values?: INodeProperties[] }).values ?? []),
			),
		),
	]);
}

/** The message n8n shows when By ID holds something else than an ID. */
function byIdMessage(picker: INodeProperties): string | undefined {
	const validation = picker.modes?.find((mode) => mode.name === 'id')?.validation?.[0];
	return typeof validation === 'object' && validation.type === 'regex'
		? (validation as INodePropertyRegexValidation).properties.errorMessage
		: undefined;
}

test.each([1, 2])(
	'version %i: every picker names its field in the By ID message (a name typed there is refused)',
	(version) => {
		const pickers = locators(actionNodeDescription(version).properties).filter((picker) =>
			picker.modes?.some((mode) => mode.name === 'id'),
		);
		expect(pickers.length).toBeGreaterThan(5);
		for (const picker of pickers)
			expect(byIdMessage(picker)).toMatch(new RegExp(`^${picker.displayName}: enter a`));
		expect(byIdMessage(pickers.find((picker) => picker.name === 'assistantId')!)).toBe(
			'Assistant: enter a numeric assistant ID, e.g. 42',
		);
	},
);

describe('version 2: Options → Parallel Requests', () => {
	const options = actionNodeDescription(2).properties.find(
		(property) => property.name === 'options',
	);
	const variants = (options?.options ?? []) as INodeProperties[];

	/** The Parallel Requests the editor offers on an operation (its `/operation` condition). */
	const shownFor = (operation: string) =>
		variants.filter(
			(variant) =>
				variant.name === 'parallelRequests' &&
				(variant.displayOptions?.show?.['/operation'] ?? []).includes(operation),
		);

	test('each operation is offered exactly one, with the value it runs with when the option is not set', () => {
		for (const [resource, module] of Object.entries(resourcesV2))
			for (const [value, operation] of Object.entries(module.operations)) {
				const shown = shownFor(value);
				expect(`${resource} → ${value}: ${shown.length}`).toBe(`${resource} → ${value}: 1`);
				expect(`${resource} → ${value}: ${String(shown[0].default)}`).toBe(
					`${resource} → ${value}: ${operation.effect ? 1 : DEFAULT_PARALLEL_REQUESTS}`,
				);
			}
	});

	test('Create shows 1 and Get Many 20', () => {
		expect(shownFor('create').map((variant) => variant.default)).toEqual([1]);
		expect(shownFor('getAll').map((variant) => variant.default)).toEqual([20]);
	});
});

test('version 2: the pickers of operations that start calls offer only outbound assistants', () => {
	const pickerOf = (resource: string, operation: string) =>
		actionNodeDescription(2)
			.properties.find(
				(property) =>
					property.name === 'assistantId' &&
					property.displayOptions?.show?.resource?.includes(resource) &&
					property.displayOptions?.show?.operation?.includes(operation),
			)
			?.modes?.find((mode) => mode.name === 'list')?.typeOptions?.searchListMethod;
	expect(pickerOf('call', 'make')).toBe('searchOutboundAssistants');
	expect(pickerOf('campaign', 'create')).toBe('searchOutboundAssistants');
});
