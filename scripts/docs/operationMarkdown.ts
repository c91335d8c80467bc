/** The operations reference's Markdown: one operation's section, with its endpoints, output and field table per version. */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import type { OperationEffect } from '../../nodes/Famulor/actions/types';
import type { Observed } from './operationSamples';

export interface OperationDoc {
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

export function renderOperation(resourceName: string, doc: OperationDoc): string[] {
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
