import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { BodyInput } from './bodyBuilder';

/** Version 2's Filler Phrases: own phrases per category, sent as `filler_config`. */
export const fillerConfigProperty: INodeProperties = {
	displayName: 'Filler Phrases',
	name: 'fillerConfig',
	type: 'collection',
	placeholder: 'Add Category',
	default: {},
	description:
		'Own filler phrases per category, one per line (pipeline only); replaces the stored ones',
	options: ['Negative', 'Neutral', 'Positive', 'Question'].map((category) => ({
		displayName: category,
		name: category.toLowerCase(),
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		placeholder: category === 'Question' ? 'Good question.\nOne moment.' : 'Okay.\nUnderstood.',
	})),
};

/** One phrase per line as `filler_config`; empty categories are left out (the service keeps its defaults for them). */
export function fillerConfig({ values }: BodyInput, body: IDataObject): void {
	const value = values[fillerConfigProperty.name];
	if (typeof value !== 'object' || value === null) return;
	const config: IDataObject = {};
	for (const [category, text] of Object.entries(value as IDataObject)) {
		const phrases = String(text ?? '')
			.split('\n')
			.map((line) => line.trim())
			.filter((line) => line !== '');
		if (phrases.length > 0) config[category] = phrases;
	}
	if (Object.keys(config).length > 0) body.filler_config = config;
}
