/**
 * Every update operation of every version, found in the node's description (an Update operation with an
 * Update Fields collection), fails the same way when no field is added: one message naming the
 * collection and the rule, before anything is sent.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { actionNodeDescription } from '../../harness/engine';
import { describeTokenNeverShown, locator, NO_FIELD_TO_CHANGE, useDrivenKit } from './kit';

const kit = useDrivenKit();

/** Each resource of a version whose Update shows an Update Fields collection, with the locators it shows beside it. */
function updateOperations(version: number): Array<{ resource: string; locators: string[] }> {
	const { properties } = actionNodeDescription(version);
	const shownOnUpdate = (property: INodeProperties, resource: string) =>
		property.displayOptions?.show?.resource?.includes(resource) === true &&
		property.displayOptions.show.operation?.includes('update') === true;
	const resources = (properties.find((p) => p.name === 'resource')?.options ?? []).map(
		(option) => (option as INodePropertyOptions).value as string,
	);
	return resources
		.filter((resource) =>
			properties.some((p) => p.name === 'updateFields' && shownOnUpdate(p, resource)),
		)
		.map((resource) => ({
			resource,
			locators: properties
				.filter((p) => p.type === 'resourceLocator' && shownOnUpdate(p, resource))
				.map((p) => p.name),
		}));
}

const cases = [1, 2].flatMap((typeVersion) =>
	updateOperations(typeVersion).map(({ resource, locators }) => ({
		typeVersion,
		resource,
		locators,
	})),
);

describe('update operations without a field to change', () => {
	it('are found in both versions', () => {
		expect(cases.map((c) => `v${c.typeVersion} ${c.resource}`)).toEqual([
			'v1 assistant',
			'v1 knowledgeBase',
			'v2 assistant',
			'v2 document',
			'v2 folder',
			'v2 knowledgeBase',
			'v2 label',
			'v2 lead',
			'v2 midCallTool',
			'v2 sipTrunk',
		]);
	});

	it.each(cases)(
		'v$typeVersion $resource: fails with the one message and sends nothing',
		async ({ typeVersion, resource, locators }) => {
			const ids = Object.fromEntries(locators.map((name) => [name, locator(1)]));
			const result = await kit().run({ resource, operation: 'update', ...ids }, { typeVersion });
			await kit().expectFailedBeforeSending(result, NO_FIELD_TO_CHANGE);
			expect(result.error?.message).toBe(NO_FIELD_TO_CHANGE);
		},
	);
});

describeTokenNeverShown(kit);
