/** Runs a customer command of `npm run sandbox --` (sandbox/customerCli.ts) in-process; returns what it printed. */
import { runCustomerCommand } from '../../sandbox/customerCli';

export async function customerCommand(
	sandboxUrl: string,
	command: string,
	args: Record<string, string>,
): Promise<string> {
	const printed: string[] = [];
	const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
		printed.push(String(chunk));
		return true;
	});
	try {
		const all: Record<string, string> = { url: sandboxUrl, ...args };
		await runCustomerCommand(command, (name) => all[name]);
	} finally {
		spy.mockRestore();
	}
	return printed.join('');
}
