import type { INodeProperties } from 'n8n-workflow';

import { folderLocator, labelLocator } from '../../../shared/pickerLocators';

/**
 * Folders and labels organise assistants and share one design
 * (https://docs.famulor.de/en/api-reference/folders/create, https://docs.famulor.de/en/api-reference/labels/create):
 * the same fields and answers under `/api/user/folders` + `/api/user/folder/{id}` and the label twins.
 */
export interface OrganizerKind {
	resource: 'folder' | 'label';
	/** lower-case noun for messages */
	noun: string;
	listPath: string;
	itemPath: string;
	locator: (name: string, description: string) => INodeProperties;
}

export const FOLDER: OrganizerKind = {
	resource: 'folder',
	noun: 'folder',
	listPath: '/api/user/folders',
	itemPath: '/api/user/folder',
	locator: folderLocator,
};
export const LABEL: OrganizerKind = {
	resource: 'label',
	noun: 'label',
	listPath: '/api/user/labels',
	itemPath: '/api/user/label',
	locator: labelLocator,
};

export const COLORS = [
	'gray',
	'slate',
	'red',
	'orange',
	'amber',
	'green',
	'teal',
	'blue',
	'purple',
	'pink',
] as const;

export function colorProperty(description: string): INodeProperties {
	return {
		displayName: 'Color',
		name: 'color',
		type: 'options',
		options: COLORS.map((color) => ({
			name: color[0].toUpperCase() + color.slice(1),
			value: color,
		})),
		default: 'gray',
		description,
	};
}
