/**
 * The table of the sandbox's options beyond the public docs, written into docs/SERVICE-NOTES.md
 * between `<!-- sandbox-options:begin -->` and `<!-- sandbox-options:end -->` from
 * sandbox/model/beyondDocs.ts, its one owner.
 */
import { BEYOND_DOCS, BEYOND_DOCS_OPTIONS } from '../../sandbox/model/beyondDocs';
import { replaceBlock } from './blocks';

export const OPTIONS_BEGIN = '<!-- sandbox-options:begin -->';
export const OPTIONS_END = '<!-- sandbox-options:end -->';

const cell = (text: string): string => text.replace(/\|/g, '\\|');

export function buildSandboxOptionsTable(): string {
	const rows = BEYOND_DOCS_OPTIONS.map((name) => {
		const entry = BEYOND_DOCS[name];
		return `| \`${name}\` | ${cell(entry.does)} | <${entry.page}> | ${cell(entry.why)} |`;
	});
	// Prettier would align the columns, which the generator does not; the block is left to it.
	return [
		OPTIONS_BEGIN,
		'<!-- prettier-ignore-start -->',
		'| Option | When on, the sandbox… | Page that leaves it open | Why the nodes allow for it |',
		'| --- | --- | --- | --- |',
		...rows,
		'<!-- prettier-ignore-end -->',
		OPTIONS_END,
	].join('\n');
}

export function withSandboxOptions(doc: string, table: string): string {
	return replaceBlock(doc, OPTIONS_BEGIN, OPTIONS_END, table, 'docs/SERVICE-NOTES.md');
}
