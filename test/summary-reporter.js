// Prints jest's totals as one plain closing line ("jest: N passed, N failed"), which CI reads.
class SummaryReporter {
	onRunComplete(_contexts, results) {
		const skipped = results.numPendingTests + results.numTodoTests;
		process.stdout.write(
			`\njest: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
		);
	}
}
module.exports = SummaryReporter;
