/**
 * `npm run sandbox -- whatsapp-message …` / `chat-message …`: a customer writes to a running sandbox
 * (e.g. the one `npm start` runs), through its controls, so a polling trigger has something to see.
 */
import { CONTROL_TOKEN } from './model/accounts';

export const CUSTOMER_COMMANDS = ['whatsapp-message', 'chat-message'] as const;

type Arg = (name: string) => string | undefined;

const USAGE = `usage:
  npm run sandbox -- whatsapp-message --text "Hello" [--sender 71] [--phone +4917612345678] [--name "Max Miller"]
  npm run sandbox -- chat-message --text "Hello" [--assistant 104 | --conversation <uuid>]
  (--url http://127.0.0.1:3456 by default, or SANDBOX_PORT)`;

export async function runCustomerCommand(command: string, arg: Arg): Promise<void> {
	const text = arg('text');
	if (!text) throw new Error(`--text is required\n${USAGE}`);
	const url = arg('url') ?? `http://127.0.0.1:${process.env.SANDBOX_PORT ?? 3456}`;
	const [path, body] =
		command === 'whatsapp-message'
			? [
					'/__sandbox/whatsapp/inbound',
					{
						sender_id: Number(arg('sender') ?? 71),
						customer_phone: arg('phone') ?? '+4917612345678',
						customer_name: arg('name') ?? 'Max Miller',
						message: text,
					},
				]
			: [
					'/__sandbox/chat/inbound',
					arg('conversation')
						? { conversation_id: arg('conversation'), message: text }
						: { assistant_id: Number(arg('assistant') ?? 104), message: text },
				];
	const response = await fetch(`${url}${path}`, {
		method: 'POST',
		headers: { authorization: `Bearer ${CONTROL_TOKEN}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	const answer = await response.text();
	if (!response.ok) throw new Error(`${path} answered ${response.status}: ${answer}\n${USAGE}`);
	process.stdout.write(`${answer}\n`);
}
