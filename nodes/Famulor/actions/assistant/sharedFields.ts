import type { INodeProperties } from 'n8n-workflow';

import { options, type AssistantField } from './fieldKinds';

/**
 * What both node versions' assistant fields have in common: the Post-Call Schema parameter, and how
 * a version's fields become Create's required parameters and the Additional Fields / Update Fields
 * collection.
 */

export type AssistantMode = 'create' | 'update';

/** One version's assistant fields. */
export interface VersionFields {
	/** Required on create (top-level parameters there), optional on update. */
	required: AssistantField[];
	/** Optional on create ("Additional Fields") and on update ("Update Fields"). */
	optional: AssistantField[];
	/** The version's parameters in the collection beside its fields, read by its body steps. */
	collectionOptions(mode: AssistantMode): INodeProperties[];
}

export const POST_CALL_SCHEMA_TYPES = ['string', 'number', 'bool'] as const;

/** The parameters read by the shared body steps (bodyBuilder.ts). */
export const SHARED_PARAMETERS = {
	variables: 'variables',
	postCallSchema: 'postCallSchema',
} as const;

/** The Post-Call Schema list; the versions differ only in the help texts of its Name and Description. */
export function postCallSchemaProperty(help: {
	namePlaceholder: string;
	name: string;
	description: string;
}): INodeProperties {
	return {
		displayName: 'Post-Call Schema',
		name: SHARED_PARAMETERS.postCallSchema,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Data Field',
		default: {},
		description:
			'Data extracted from the call after it ends; on update the list replaces the stored one',
		options: [
			{
				displayName: 'Data Field',
				name: 'field',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: help.namePlaceholder,
						description: help.name,
					},
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						options: options(POST_CALL_SCHEMA_TYPES, ['String', 'Number', 'Boolean']),
						default: 'string',
					},
					{
						displayName: 'Description',
						name: 'description',
						type: 'string',
						default: '',
						description: help.description,
					},
				],
			},
		],
	};
}

function byDisplayName(a: INodeProperties, b: INodeProperties): number {
	return a.displayName.localeCompare(b.displayName);
}

/** Create: the required fields as top-level parameters. */
export function requiredProperties(fields: VersionFields): INodeProperties[] {
	return fields.required.map(({ property }) => ({ ...property, required: true }));
}

/** The "Additional Fields" (create) or "Update Fields" (update) collection, sorted by name. */
export function fieldsCollection(fields: VersionFields, mode: AssistantMode): INodeProperties {
	const entries = [...(mode === 'update' ? fields.required : []), ...fields.optional].map(
		({ property }) => property,
	);
	return {
		displayName: mode === 'create' ? 'Additional Fields' : 'Update Fields',
		name: mode === 'create' ? 'additionalFields' : 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			mode === 'update'
				? 'Only the fields added here are changed'
				: 'Optional settings; the service uses its defaults for the rest',
		options: [...entries, ...fields.collectionOptions(mode)].sort(byDisplayName),
	};
}
