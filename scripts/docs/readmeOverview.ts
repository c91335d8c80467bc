/**
 * The README's short operations overview (between `<!-- operations:begin -->` and
 * `<!-- operations:end -->`), built from the action node's descriptions like docs/OPERATIONS.md, so
 * the README repeats no operation by hand: one line per resource with its operations in version 2,
 * then what version 1 offers, listed on its own under version 1's names. (A mark such as "Create
 * (v1)" beside version 2's operations read as "version 1 only" to a new user.)
 */
import { resourcesV1, resourcesV2 } from '../../nodes/Famulor/actions/resources';
import { actionNodeDescription } from '../../harness/engine';
import { replaceBlock } from './blocks';
import { operationOptions, resourceNames } from './operationsReference';

export const OVERVIEW_BEGIN = '<!-- operations:begin -->';
export const OVERVIEW_END = '<!-- operations:end -->';

export const VERSION_1_HEADING =
	"**Version 1** offers only these (some under other names than version 2's):";

/** `- **Resource**: Operation, Operation` per resource of one version, sorted by the resource's name. */
function resourceLines(version: number, resources: string[], names: Map<string, string>): string[] {
	const description = actionNodeDescription(version);
	return resources
		.map((resource) => ({
			name: names.get(resource) ?? resource,
			operations: operationOptions(description, resource).map((option) => option.name),
		}))
		.sort((a, b) => a.name.localeCompare(b.name))
		.map(({ name, operations }) => `- **${name}**: ${operations.join(', ')}`);
}

export function buildOperationsOverview(): string {
	const names = new Map([
		...resourceNames(actionNodeDescription(1)),
		...resourceNames(actionNodeDescription(2)),
	]);
	return [
		OVERVIEW_BEGIN,
		'',
		...resourceLines(2, Object.keys(resourcesV2), names),
		'',
		VERSION_1_HEADING,
		'',
		...resourceLines(1, Object.keys(resourcesV1), names),
		'',
		OVERVIEW_END,
	].join('\n');
}

/** `readme` with its overview block replaced by `overview`. */
export function withOverview(readme: string, overview: string): string {
	return replaceBlock(readme, OVERVIEW_BEGIN, OVERVIEW_END, overview, 'README.md');
}
