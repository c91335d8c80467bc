/** Timing, memory sampling and table printing for the benchmark. */

export interface Measured<T> {
	value: T;
	wallMs: number;
	/** Peak over the run minus the value just before it (after a GC when `--expose-gc` is on). */
	peakRssDeltaBytes: number;
	peakHeapDeltaBytes: number;
}

const collect = (): void => (globalThis as { gc?: () => void }).gc?.();

export async function measure<T>(run: () => Promise<T>): Promise<Measured<T>> {
	collect();
	const before = process.memoryUsage();
	let peakRss = before.rss;
	let peakHeap = before.heapUsed;
	const sample = () => {
		const now = process.memoryUsage();
		peakRss = Math.max(peakRss, now.rss);
		peakHeap = Math.max(peakHeap, now.heapUsed);
	};
	const sampler = setInterval(sample, 5);
	const started = performance.now();
	try {
		const value = await run();
		const wallMs = performance.now() - started;
		sample();
		return {
			value,
			wallMs,
			peakRssDeltaBytes: peakRss - before.rss,
			peakHeapDeltaBytes: peakHeap - before.heapUsed,
		};
	} finally {
		clearInterval(sampler);
	}
}

export type Row = Record<string, string | number>;

/** A Markdown table, so the output can go into the README as it is. */
export function table(title: string, rows: Row[]): string {
	const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
	const cell = (value: string | number | undefined) => (value === undefined ? '' : String(value));
	const widths = columns.map((column) =>
		Math.max(column.length, ...rows.map((row) => cell(row[column]).length)),
	);
	const line = (cells: string[]) =>
		`| ${cells.map((text, index) => text.padEnd(widths[index])).join(' | ')} |`;
	return [
		`### ${title}`,
		'',
		line(columns),
		line(widths.map((width) => '-'.repeat(width))),
		...rows.map((row) => line(columns.map((column) => cell(row[column])))),
		'',
	].join('\n');
}

export const seconds = (ms: number) => (ms / 1000).toFixed(2);
export const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
export const ratio = (value: number) => value.toFixed(2);

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
