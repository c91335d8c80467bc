/**
 * `npm run sandbox -- call …`: plays a caller against a running sandbox (e.g. the one `npm start` runs):
 * a call arrives at the assistant (its inbound request answered first), the assistant asks each given
 * mid-call tool, then the call ends. Prints what the inbound request got, each tool's answer and the transcript.
 *
 *   npm run sandbox -- call --assistant 101 --from +4917612345678 --ask get_order_status order_number=A-1001
 *   options: --url (http://127.0.0.1:3456), --control-token, --keep (leave the call running)
 */
import { CONTROL_TOKEN } from './model/accounts';

interface Options {
	url: string;
	token: string;
	assistant: number;
	from: string;
	asks: Array<{ tool: string; arguments: Record<string, unknown> }>;
	keep: boolean;
}

/** `k=v` as the assistant would collect it: numbers and booleans typed. */
function argument(pair: string): [string, unknown] {
	const at = pair.indexOf('=');
	if (at < 1) throw new Error(`expected name=value after --ask, got "${pair}"`);
	const [name, text] = [pair.slice(0, at), pair.slice(at + 1)];
	if (text === 'true' || text === 'false') return [name, text === 'true'];
	return [name, /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text];
}

export function parseCallOptions(argv: string[]): Options {
	const options: Options = {
		url: 'http://127.0.0.1:3456',
		token: CONTROL_TOKEN,
		assistant: 101,
		from: '+4917612345678',
		asks: [],
		keep: false,
	};
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i];
		if (flag === '--keep') options.keep = true;
		else if (flag === '--url') options.url = argv[++i];
		else if (flag === '--control-token') options.token = argv[++i];
		else if (flag === '--assistant') options.assistant = Number(argv[++i]);
		else if (flag === '--from') options.from = argv[++i];
		else if (flag === '--ask') options.asks.push({ tool: argv[++i], arguments: {} });
		else if (options.asks.length > 0 && !flag.startsWith('--')) {
			const [name, value] = argument(flag);
			options.asks[options.asks.length - 1].arguments[name] = value;
		} else throw new Error(`unknown argument ${flag}`);
	}
	if (!Number.isInteger(options.assistant)) throw new Error('--assistant takes an assistant ID');
	return options;
}

async function control(
	options: Options,
	path: string,
	body: unknown,
): Promise<Record<string, any>> {
	const res = await fetch(`${options.url}/__sandbox${path}`, {
		method: 'POST',
		headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	const json = (await res.json()) as Record<string, any>;
	if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
	return json;
}

export async function runCallCommand(argv: string[]): Promise<void> {
	const options = parseCallOptions(argv);
	const print = (line: string): void => {
		process.stdout.write(`${line}\n`);
	};
	const arrived = await control(options, '/calls/incoming', {
		assistant_id: options.assistant,
		customer_phone: options.from,
	});
	const callId = arrived.call.id as number;
	print(`call ${callId} from ${options.from} to assistant ${options.assistant}`);
	const inbound = arrived.inbound_request;
	print(
		inbound
			? `inbound request: ${inbound.status ?? inbound.error} in ${inbound.duration_ms} ms, variables ${JSON.stringify(inbound.variables)}`
			: 'inbound request: none (the assistant has no inbound webhook)',
	);
	for (const ask of options.asks) {
		const answer = await control(options, `/calls/${callId}/tools`, ask);
		const done = answer.function_call;
		print(
			`${ask.tool}(${JSON.stringify(ask.arguments)}): ${done.status ?? done.error} in ${done.duration_ms} ms`,
		);
		print(`  assistant: ${done.spoken}`);
	}
	if (options.keep)
		return print(
			`call ${callId} keeps running (ends by itself, or POST /__sandbox/calls/${callId}/end)`,
		);
	const ended = await control(options, `/calls/${callId}/end`, { status: 'completed' });
	print(`transcript:\n${String(ended.call.transcript)}`);
}
