/**
 * The README's short operations overview (between `<!-- operations:begin -->` and
 * `<!-- operations:end -->`), built from the action node's descriptions like docs/OPERATIONS.md, so
 * the README repeats no operation by hand: one line per resource with its operations in version 2,
 * "(v1)" where version 1 has the operation too, and the operations only version 1 has.
 */
import { resourcesV1, resourcesV2 } from '../../nodes/Famulor/actions/resources';
import { actionNodeDescription } from '../../harness/engine';
import { operationOptions, resourceNames } from './operationsReference';

export const OVERVIEW_BEGIN = '<!-- operations:begin -->';
export const OVERVIEW_END = '<!-- operations:end -->';

export function buildOperationsOverview(): string {
	const [v1, v2] = [actionNodeDescription(1), actionNodeDescription(2)];
	const names = new Map([...resourceNames(v1), ...resourceNames(v2)]);
	const resources = [...new Set([...Object.keys(resourcesV2), ...Object.keys(resourcesV1)])];
	const lines = resources
		.map((resource) => {
			const inV1 = new Map(
				operationOptions(v1, resource).map((option) => [String(option.value), option.name]),
			);
			const current = operationOptions(v2, resource).map(
				(option) => `${option.name}${inV1.delete(String(option.value)) ? ' (v1)' : ''}`,
			);
			const onlyV1 = [...inV1.values()];
			const parts = [
				...current,
				...(onlyV1.length > 0 ? [`version 1 only: ${onlyV1.join(', ')}`] : []),
			];
			return {
				name: names.get(resource) ?? resource,
				text: parts.join(', '),
			};
		})
		.sort((a, b) => a.name.localeCompare(b.name))
		.map(({ name, text }) => `- **${name}**: ${text}`);
	return [OVERVIEW_BEGIN, '', ...lines, '', OVERVIEW_END].join('\n');
}

/** `readme` with its overview block replaced by `overview`. */
export function withOverview(readme: string, overview: string): string {
	const begin = readme.indexOf(OVERVIEW_BEGIN);
	const end = readme.indexOf(OVERVIEW_END);
	if (begin < 0 || end < begin)
		throw new Error(`README.md has no ${OVERVIEW_BEGIN} … ${OVERVIEW_END} block`);
	return readme.slice(0, begin) + overview + readme.slice(end + OVERVIEW_END.length);
}
