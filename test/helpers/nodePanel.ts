/**
 * What n8n's editor shows of this package, computed from the node descriptions the way the editor
 * computes it (n8n-editor-ui 1.123–2.41, `useActionsGeneration.ts`, `NodeCreator`, `ResourceLocator`):
 * - the node panel's entries: a trigger whose type name minus "Trigger" is another node's joins that
 *   node's entry (the webhook trigger joins "Famulor AI"); any other trigger with actions is listed
 *   under its display name minus " Trigger" ("Famulor AI Polling");
 * - an entry's actions: each option of a trigger's first property labelled "Event" and each operation
 *   of each resource, labelled by its `action` text;
 * - the name a node added from an action gets on the canvas: n8n-workflow's `makeNodeName` (the
 *   operation's `action` text, else the node's default name);
 * - the labels of the fields the node then shows.
 */
import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyOptions,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { Famulor } from '../../nodes/Famulor/Famulor.node';
import { FamulorPollTrigger } from '../../nodes/FamulorPollTrigger/FamulorPollTrigger.node';
import { FamulorTrigger } from '../../nodes/FamulorTrigger/FamulorTrigger.node';

export interface PanelAction {
	/** As the panel lists it. */
	label: string;
	description: INodeTypeDescription;
	/** What choosing it sets on the new node. */
	values: INodeParameters;
}

const PACKAGE = 'n8n-nodes-famulor-ai';

/** The newest version's description, as the panel reads it. */
function descriptions(): INodeTypeDescription[] {
	const action = new Famulor();
	const newest = action.getNodeType(action.description.defaultVersion).description;
	return [newest, new FamulorTrigger().description, new FamulorPollTrigger().description].map(
		(description) => ({ ...description, name: `${PACKAGE}.${description.name}` }),
	);
}

function triggerActions(description: INodeTypeDescription): PanelAction[] {
	const event = description.properties.find(
		(property) => property.displayName.toLowerCase() === 'event',
	);
	return ((event?.options ?? []) as INodePropertyOptions[]).map((option) => ({
		label: option.action ?? `On ${option.name}`,
		description,
		values: { event: option.value },
	}));
}

function operationActions(description: INodeTypeDescription): PanelAction[] {
	const resource = description.properties.find((property) => property.name === 'resource');
	return ((resource?.options ?? []) as INodePropertyOptions[]).flatMap((resourceOption) => {
		const operation = description.properties.find(
			(property) =>
				property.name === 'operation' &&
				(property.displayOptions?.show?.resource ?? []).includes(resourceOption.value),
		);
		return ((operation?.options ?? []) as INodePropertyOptions[]).map((option) => ({
			label: option.action ?? `${resourceOption.name} ${option.name}`,
			description,
			values: { resource: resourceOption.value, operation: option.value },
		}));
	});
}

/** The panel's entries for this package, by the name it shows, with their actions. */
export function nodePanel(): Map<string, PanelAction[]> {
	const all = descriptions();
	const panel = new Map<string, PanelAction[]>();
	for (const description of all.filter((entry) => !entry.group.includes('trigger')))
		panel.set(description.displayName, operationActions(description));
	for (const trigger of all.filter((entry) => entry.group.includes('trigger'))) {
		const app = all.find((entry) => entry.name === trigger.name.replace('Trigger', ''));
		if (app) panel.get(app.displayName)?.push(...triggerActions(trigger));
		else panel.set(trigger.displayName.replace(' Trigger', ''), triggerActions(trigger));
	}
	return panel;
}

/** The version a new node gets. */
function newVersion(description: INodeTypeDescription): Pick<INode, 'typeVersion'> {
	const { defaultVersion, version } = description;
	return {
		typeVersion: defaultVersion ?? (Array.isArray(version) ? Math.max(...version) : version),
	};
}

/** The node's parameters once added from the action: the action's values and every default. */
export function addedParameters(action: PanelAction): INodeParameters {
	const { description } = action;
	return (
		NodeHelpers.getNodeParameters(
			description.properties,
			action.values,
			true,
			false,
			newVersion(description),
			description,
		) ?? {}
	);
}

/** The name n8n gives the added node on the canvas. */
export function canvasName(action: PanelAction): string {
	return NodeHelpers.makeNodeName(addedParameters(action), action.description);
}

/** n8n's own label for a resource locator's mode (the editor's i18n for id, url, list). */
const MODE_LABELS: Record<string, string> = { id: 'By ID', url: 'By URL', list: 'From list' };

/** The labels of the fields the added node shows: field names, option names and picker modes. */
export function fieldLabels(action: PanelAction): { fields: Set<string>; modes: Set<string> } {
	const parameters = addedParameters(action);
	const node = newVersion(action.description) as INode;
	const shown = action.description.properties.filter(
		(property: INodeProperties) =>
			property.type !== 'notice' &&
			NodeHelpers.displayParameter(parameters, property, node, action.description),
	);
	const fields = new Set<string>();
	const modes = new Set<string>();
	for (const property of shown) {
		// n8n heads a resource mapper's fields in mode add "Values to Send", not by its display name.
		const valuesToSend = property.typeOptions?.resourceMapper?.mode === 'add';
		fields.add(valuesToSend ? 'Values to Send' : property.displayName);
		for (const option of (property.options ?? []) as Array<{ name?: string }>)
			if (typeof option.name === 'string' && property.type === 'options') fields.add(option.name);
		for (const mode of property.modes ?? []) modes.add(MODE_LABELS[mode.name] ?? mode.displayName);
	}
	return { fields, modes };
}
