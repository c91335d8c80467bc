/** The generated blocks of the docs: text between a begin and an end marker, replaced whole. */
export function replaceBlock(
	doc: string,
	begin: string,
	end: string,
	block: string,
	docName: string,
): string {
	const from = doc.indexOf(begin);
	const to = doc.indexOf(end);
	if (from < 0 || to < from) throw new Error(`${docName} has no ${begin} … ${end} block`);
	return doc.slice(0, from) + block + doc.slice(to + end.length);
}
