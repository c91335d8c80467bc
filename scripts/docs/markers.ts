/** The generated blocks of the docs: the text between a begin and an end marker, replaced whole. */
export function replaceBlock(
	doc: string,
	markers: { begin: string; end: string; file: string },
	block: string,
): string {
	const begin = doc.indexOf(markers.begin);
	const end = doc.indexOf(markers.end);
	if (begin < 0 || end < begin)
		throw new Error(`${markers.file} has no ${markers.begin} … ${markers.end} block`);
	return doc.slice(0, begin) + block + doc.slice(end + markers.end.length);
}
