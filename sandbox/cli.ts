/**
 * CLI: node --import tsx sandbox/cli.ts [--port N] [--host H] [--call-duration MS] [--document-processing MS]
 *        [--no-seed] [--api both|current|seed] [--state-file PATH]
 *        [--no-general-limit | --general-limit-scale F] [--beyond-docs NAME,NAME]
 *      node --import tsx sandbox/cli.ts call … plays a call against a running sandbox (callCommand.ts)
 *      node --import tsx sandbox/cli.ts whatsapp-message|chat-message --text T … (a customer writes to a running sandbox)
 *      node --import tsx sandbox/cli.ts messages [--sender ID --phone P | --conversation UUID] (who wrote what)
 *      node --import tsx sandbox/cli.ts close-window|open-window [--sender ID --phone P] (the 24-hour window)
 * The general rate limit is on with the documented numbers unless switched off; `--general-limit-scale 0.1`
 * keeps its counts in a tenth of the time (20 per 1 s, 100 per 6 s).
 */
import { runCallCommand } from './callCommand';
import { resolveGeneralLimit } from './domain/rateLimits/generalLimit';
import {
	startSandbox,
	type ApiOption,
	type BeyondDocsOption,
	type GeneralLimitOption,
} from './index';
import type { RateLimit } from './model/options';
import { CUSTOMER_COMMANDS, runCustomerCommand } from './customerCli';

function arg(name: string): string | undefined {
	const argv = process.argv.slice(2);
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === `--${name}`) return argv[i + 1];
		if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
	}
	return undefined;
}

function generalLimitOption(): GeneralLimitOption | undefined {
	if (process.argv.includes('--no-general-limit')) return false;
	const scale = arg('general-limit-scale');
	if (scale === undefined) return undefined;
	const windowScale = Number(scale);
	if (!Number.isFinite(windowScale) || windowScale <= 0)
		throw new Error(`invalid --general-limit-scale ${scale} (a number > 0)`);
	return { windowScale };
}

function describeGeneralLimit(option: GeneralLimitOption | undefined): string {
	const limit = resolveGeneralLimit(option);
	if (!limit) return 'off (--no-general-limit)';
	const per = (rl: RateLimit) => `${rl.limit} per ${rl.windowMs / 1000} s`;
	return `${per(limit.sustained)}, bursts of ${per(limit.burst)} per token${option === undefined ? ' (as documented)' : ''}`;
}

/** `--beyond-docs assistantToolIds,…`: options beyond the public docs (model/beyondDocs.ts). */
function beyondDocs(): BeyondDocsOption[] {
	const given = arg('beyond-docs');
	return given === undefined ? [] : (given.split(',').filter(Boolean) as BeyondDocsOption[]);
}

async function main(): Promise<void> {
	const port = Number(arg('port') ?? process.env.SANDBOX_PORT ?? 3456);
	if (!Number.isInteger(port) || port < 0 || port > 65535)
		throw new Error(`invalid --port ${arg('port')}`);
	const callDuration = arg('call-duration');
	const documentProcessing = arg('document-processing');
	if (documentProcessing !== undefined && !(Number(documentProcessing) >= 0))
		throw new Error(`invalid --document-processing ${documentProcessing} (milliseconds >= 0)`);
	const generalRateLimit = generalLimitOption();
	const sb = await startSandbox({
		port,
		host: arg('host') ?? '127.0.0.1',
		seed: !process.argv.includes('--no-seed'),
		callDurationMs: callDuration !== undefined ? Number(callDuration) : undefined,
		documentProcessingMs: documentProcessing !== undefined ? Number(documentProcessing) : undefined,
		api: (arg('api') ?? 'both') as ApiOption,
		generalRateLimit,
		stateFile: arg('state-file'),
		beyondDocs: beyondDocs(),
	});
	const lines = [
		'Famulor sandbox is running',
		`  base URL       ${sb.url}        (API paths: ${sb.url}/api/...)`,
		`  alice token    ${sb.tokens.alice}   (demo data, payment method)`,
		`  bob token      ${sb.tokens.bob}   (own data, no payment method)`,
		`  assistant API   ${arg('api') ?? 'both'} (--api both|current|seed)`,
		`  control token  ${sb.controlToken}   (Authorization: Bearer ... for ${sb.url}/__sandbox/*)`,
		`  rate limit     ${describeGeneralLimit(generalRateLimit)}`,
		`  beyond docs    ${beyondDocs().join(', ') || 'none (the service as documented; --beyond-docs NAME,…)'}`,
		...(sb.stateFile ? [`  state          ${sb.stateFile}`] : []),
		'Press Ctrl-C to stop.',
	];
	process.stdout.write(`${lines.join('\n')}\n`);
	const shutdown = (): void => {
		void sb.stop().then(() => process.exit(0));
	};
	process.on('SIGINT', shutdown);
	process.on('SIGTERM', shutdown);
}

const command = process.argv[2];
const run =
	command === 'call'
		? runCallCommand(process.argv.slice(3))
		: (CUSTOMER_COMMANDS as readonly string[]).includes(command)
			? runCustomerCommand(command, arg)
			: main();
run.catch((err: unknown) => {
	const what =
		command === 'call' || (CUSTOMER_COMMANDS as readonly string[]).includes(command)
			? command
			: 'sandbox failed to start';
	process.stderr.write(`${what}: ${err instanceof Error ? err.message : String(err)}\n`);
	process.exit(1);
});
