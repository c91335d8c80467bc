import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { requestPageNumberList } from '../transport';
import { named, optionsOf, searchResult } from './common';

/** Folders and labels are paged lists; the pickers read every page. */
async function organizers(
	context: ILoadOptionsFunctions,
	noun: 'folders' | 'labels',
): Promise<IDataObject[]> {
	return await requestPageNumberList.call(context, { path: `/api/user/${noun}`, limit: Infinity });
}

export async function searchFolders(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return searchResult(await organizers(this, 'folders'), filter, named);
}

export async function searchLabels(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return searchResult(await organizers(this, 'labels'), filter, named);
}

export async function getLabels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return optionsOf(await organizers(this, 'labels'), named);
}
