import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Which generation of the service's API a node speaks: version 1 sends what the seed
 * specification (the API docs of February 2026) describes (the
 * service's docs of February 2026), version 2 the current docs. Operations shared by both versions
 * ask this where the two differ, e.g. a moved path.
 */
export function speaksCurrentApi(this: IExecuteFunctions): boolean {
	return this.getNode().typeVersion >= 2;
}
