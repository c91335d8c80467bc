/** The shape of every case of `npm run bench` (bench/run.ts runs them in order). */
export interface BenchCase {
	/** The numbers `BENCH_CASES` selects the case by; cases 1 and 2 share one table. */
	numbers: number[];
	/** Runs the selected cases among `numbers` and returns their table. */
	run(selected: ReadonlySet<number>): Promise<string>;
}
