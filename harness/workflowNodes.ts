/** Building blocks of the end-to-end workflows: nodes, credential references and straight connections, as n8n saves them. */
import { randomUUID } from 'node:crypto';

import { CREDENTIAL_ID, CREDENTIAL_NAME } from '../runtime';

export type Json = Record<string, unknown>;

export const credentialRef = (id = CREDENTIAL_ID, name = CREDENTIAL_NAME) => ({
	famulorAiApi: { id, name },
});

export const node = (
	name: string,
	type: string,
	typeVersion: number,
	position: [number, number],
	parameters: Json,
	extra: Json = {},
): Json => ({
	id: randomUUID(),
	name,
	type,
	typeVersion,
	position,
	parameters,
	...extra,
});

export const chain = (...names: string[]): Json =>
	Object.fromEntries(
		names
			.slice(0, -1)
			.map((name, index) => [
				name,
				{ main: [[{ node: names[index + 1], type: 'main', index: 0 }]] },
			]),
	);
