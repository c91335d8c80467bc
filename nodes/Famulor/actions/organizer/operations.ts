import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { famulorApiRequest, requestPageNumberList, unwrapRecord } from '../../../shared/transport';
import { checkOneOf, invalid, requireFieldToChange } from '../../validation';
import { checkName, readListLimit, readLocatorId, returnAllProperties } from '../common';
import { createAt, deleteAt } from '../records';
import type { OperationModule } from '../types';
import { COLORS, colorProperty, type OrganizerKind } from './kinds';

/** Create, Get Many, Update and Delete of a folder or a label: one set of operations for both kinds. */

const nameProperty = (description: string, required: boolean): INodeProperties => ({
	displayName: 'Name',
	name: 'name',
	type: 'string',
	required,
	default: '',
	description,
});

function show(
	kind: OrganizerKind,
	operation: string,
	properties: INodeProperties[],
): INodeProperties[] {
	return updateDisplayOptions(
		{ show: { resource: [kind.resource], operation: [operation] } },
		properties,
	);
}

/** The service's limit on a folder's or label's name. */
const MAX_NAME_LENGTH = 255;

function readName(this: IExecuteFunctions, itemIndex: number, value: unknown): string {
	return checkName.call(this, itemIndex, value, MAX_NAME_LENGTH);
}

function readColor(this: IExecuteFunctions, itemIndex: number, value: unknown): string {
	return checkOneOf.call(this, itemIndex, { label: 'Color', field: 'color' }, value, COLORS);
}

interface ItemPlan {
	id: number;
	body?: IDataObject;
}

function readId(this: IExecuteFunctions, kind: OrganizerKind, itemIndex: number): number {
	const label = kind.noun[0].toUpperCase() + kind.noun.slice(1);
	return readLocatorId.call(this, itemIndex, `${kind.resource}Id`, { label, field: 'id' });
}

export function createOperation(kind: OrganizerKind): OperationModule<IDataObject> {
	return {
		description: show(kind, 'create', [
			nameProperty(`Name of the ${kind.noun}, unique in the account (max 255 characters)`, true),
			{
				displayName: 'Additional Fields',
				name: 'additionalFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				options: [colorProperty(`Colour of the ${kind.noun} in the dashboard`)],
			},
		]),
		effect: { kind: 'creates', noun: kind.noun, idFields: ['id'] },
		prepare(itemIndex) {
			const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
			const body: IDataObject = {
				name: readName.call(this, itemIndex, this.getNodeParameter('name', itemIndex)),
			};
			if (extra.color !== undefined) body.color = readColor.call(this, itemIndex, extra.color);
			return body;
		},
		execute: createAt(kind.itemPath),
	};
}

export function getAllOperation(kind: OrganizerKind): OperationModule<number> {
	return {
		description: show(kind, 'getAll', returnAllProperties()),
		prepare(itemIndex) {
			return readListLimit.call(this, itemIndex);
		},
		async execute(limit, itemIndex) {
			return await requestPageNumberList.call(this, { path: kind.listPath, limit, itemIndex });
		},
	};
}

export function updateOperation(kind: OrganizerKind): OperationModule<ItemPlan> {
	return {
		description: show(kind, 'update', [
			kind.locator(`${kind.resource}Id`, `The ${kind.noun} to change`),
			{
				displayName: 'Update Fields',
				name: 'updateFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				description: 'Only the fields added here are changed',
				options: [
					nameProperty(`New name, unique in the account (max 255 characters)`, false),
					colorProperty('New colour'),
					{
						displayName: 'Remove Color',
						name: 'removeColor',
						type: 'boolean',
						default: true,
						description: 'Whether to clear the colour (sends color null)',
					},
				],
			},
		]),
		prepare(itemIndex) {
			const id = readId.call(this, kind, itemIndex);
			const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
			const body: IDataObject = {};
			if (fields.name !== undefined) body.name = readName.call(this, itemIndex, fields.name);
			if (fields.removeColor === true && fields.color !== undefined) {
				throw invalid.call(
					this,
					itemIndex,
					{ label: 'Color', field: 'color' },
					'cannot be combined with Remove Color; use one or the other',
				);
			}
			if (fields.color !== undefined) body.color = readColor.call(this, itemIndex, fields.color);
			if (fields.removeColor === true) body.color = null;
			requireFieldToChange.call(this, itemIndex, body);
			return { id, body };
		},
		async execute({ id, body }, itemIndex) {
			return unwrapRecord(
				await famulorApiRequest.call(this, {
					method: 'PUT',
					path: `${kind.itemPath}/${id}`,
					body,
					itemIndex,
				}),
			);
		},
	};
}

export function deleteOperation(kind: OrganizerKind): OperationModule<ItemPlan> {
	const remove = deleteAt(kind.itemPath);
	return {
		description: show(kind, 'delete', [
			kind.locator(`${kind.resource}Id`, `The ${kind.noun} to delete; its assistants are kept`),
		]),
		effect: { kind: 'irreversible', noun: kind.noun, idFields: ['id'] },
		prepare(itemIndex) {
			return { id: readId.call(this, kind, itemIndex) };
		},
		async execute({ id }, itemIndex) {
			return await remove.call(this, id, itemIndex);
		},
	};
}
