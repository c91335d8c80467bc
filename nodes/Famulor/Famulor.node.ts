import { VersionedNodeType, type INodeTypeBaseDescription } from 'n8n-workflow';

import { famulorV1 } from './v1/FamulorV1';
import { famulorV2 } from './v2/FamulorV2';

/**
 * The action node, versioned as n8n's own nodes are: version 1 sends exactly what the seed
 * specification describes, version 2 (the default for new nodes) speaks the service's current API.
 * Both are built by nodeVersion.ts from a resource map (actions/resources.ts): new resources and
 * operations go into `resourcesV2` only; the Resource dropdown's names are in actions/resourceProperty.ts.
 */
export class Famulor extends VersionedNodeType {
	constructor() {
		const baseDescription: INodeTypeBaseDescription = {
			displayName: 'Famulor AI',
			name: 'famulor',
			icon: { light: 'file:../../icons/famulor.svg', dark: 'file:../../icons/famulor.dark.svg' },
			group: ['transform'],
			subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
			description:
				'Run Famulor AI voice and chat assistants: calls, AI replies, WhatsApp, phone numbers and knowledge bases',
			defaultVersion: 2,
		};
		super({ 1: famulorV1(baseDescription), 2: famulorV2(baseDescription) }, baseDescription);
	}
}
