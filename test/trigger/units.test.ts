import { createHmac } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { FamulorTrigger } from '../../nodes/FamulorTrigger/FamulorTrigger.node';
import {
	claimCount,
	claimDelivery,
	IN_FLIGHT_MAX_ENTRIES,
	IN_FLIGHT_MS,
} from '../../nodes/FamulorTrigger/inFlight';
import {
	simplifyConversationEnded,
	simplifyMessageStatus,
	simplifyPayload,
	transcriptText,
} from '../../nodes/FamulorTrigger/payload';
import {
	mintSecret,
	secretMatches,
	urlWithSecret,
	withoutQuery,
} from '../../nodes/FamulorTrigger/secret';
import { signatureMatches } from '../../nodes/FamulorTrigger/signature';
import {
	DEDUPE_MAX_ENTRIES,
	DEDUPE_WINDOW_MS,
	rememberDelivery,
} from '../../nodes/FamulorTrigger/state';

describe('description', () => {
	const { description, webhookMethods, methods } = new FamulorTrigger();

	it('follows the trigger conventions', () => {
		expect(description.name).toBe('famulorTrigger');
		expect(description.displayName).toContain('Trigger');
		expect(description.inputs).toEqual([]);
		expect(description).not.toHaveProperty('usableAsTool');
		expect(description.credentials).toEqual([{ name: 'famulorAiApi', required: true }]);
		expect(description.webhooks).toEqual([
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		]);
		expect(Object.keys(webhookMethods.default).sort()).toEqual(['checkExists', 'create', 'delete']);
	});

	it('reuses the shared assistant picker', () => {
		const assistant = description.properties.find((p) => p.name === 'assistantId');
		expect(assistant?.type).toBe('resourceLocator');
		expect(assistant?.modes?.map((m) => m.name)).toEqual(['list', 'id']);
		expect(Object.keys(methods.listSearch)).toEqual(['searchAssistants']);
	});

	it('offers the four events', () => {
		const event = description.properties.find((p) => p.name === 'event');
		expect(event?.options?.map((o) => (o as { value: string }).value)).toEqual([
			'callCompleted',
			'conversationEnded',
			'inboundCallCompleted',
			'whatsAppMessageStatus',
		]);
	});

	it('keeps the signing secret in a password field shown only for read receipts', () => {
		const secret = description.properties.find((p) => p.name === 'signingSecret');
		expect(secret?.typeOptions?.password).toBe(true);
		expect(secret?.displayOptions).toEqual({ show: { event: ['whatsAppMessageStatus'] } });
	});

	it('turns Simplify on by default from version 1.1; version 1 keeps it off', () => {
		expect(description.version).toEqual([1, 1.1]);
		const simplify = description.properties.filter((p) => p.name === 'simplify');
		expect(simplify.map((p) => [p.default, p.displayOptions?.show?.['@version']])).toEqual([
			[false, [1]],
			[true, [{ _cnd: { gte: 1.1 } }]],
		]);
	});
});

describe('secret', () => {
	it('mints 48 hex characters, different each time', () => {
		const a = mintSecret();
		expect(a).toMatch(/^[0-9a-f]{48}$/);
		expect(mintSecret()).not.toBe(a);
	});

	it('matches only the exact value', () => {
		const secret = mintSecret();
		expect(secretMatches(secret, secret)).toBe(true);
		expect(secretMatches(secret.toUpperCase(), secret)).toBe(false);
		expect(secretMatches(secret.slice(1), secret)).toBe(false);
		expect(secretMatches(undefined, secret)).toBe(false);
		expect(secretMatches(['x'], secret)).toBe(false);
		expect(secretMatches('', '')).toBe(false);
		expect(secretMatches('abc', undefined)).toBe(false);
	});

	it('appends the secret to the URL and strips queries for comparison', () => {
		expect(urlWithSecret('https://n8n.example.com/webhook/x/webhook', 'ab')).toBe(
			'https://n8n.example.com/webhook/x/webhook?secret=ab',
		);
		expect(urlWithSecret('https://n8n.example.com/webhook/x/webhook?a=1', 'ab')).toBe(
			'https://n8n.example.com/webhook/x/webhook?a=1&secret=ab',
		);
		expect(withoutQuery('https://n8n.example.com/webhook/x/webhook/?secret=ab')).toBe(
			'https://n8n.example.com/webhook/x/webhook',
		);
	});
});

describe('dedupe', () => {
	it('remembers a call within the window and forgets it afterwards', () => {
		const data: IDataObject = {};
		expect(rememberDelivery(data, '1', 1_000)).toBe(true);
		expect(rememberDelivery(data, '1', 1_000 + DEDUPE_WINDOW_MS - 1)).toBe(false);
		expect(rememberDelivery(data, '1', 1_000 + DEDUPE_WINDOW_MS)).toBe(true);
	});

	it(`keeps at most ${DEDUPE_MAX_ENTRIES} ids, dropping the oldest`, () => {
		const data: IDataObject = {};
		for (let id = 0; id <= DEDUPE_MAX_ENTRIES; id++)
			expect(rememberDelivery(data, String(id), 5_000)).toBe(true);
		expect((data.deliveries as unknown[]).length).toBe(DEDUPE_MAX_ENTRIES);
		expect(rememberDelivery(data, String(DEDUPE_MAX_ENTRIES), 5_000)).toBe(false);
		expect(rememberDelivery(data, '0', 5_000)).toBe(true);
	});

	it('tolerates damaged static data', () => {
		const data: IDataObject = { deliveries: 'garbage' };
		expect(rememberDelivery(data, '1', 0)).toBe(true);
		expect(rememberDelivery(data, '1', 1)).toBe(false);
	});
});

describe('payload', () => {
	it('joins an array transcript as "speaker: text" lines without formatted_transcript', () => {
		expect(
			transcriptText({
				transcript: [
					{ text: 'Hi', sender: 'bot' },
					{ text: 'Hello', sender: 'human' },
					{ text: 'Note', sender: 'system' },
				],
			}),
		).toBe('AI: Hi\nCustomer: Hello\nsystem: Note');
		expect(transcriptText({ transcript: null })).toBe('');
	});

	it('simplifies without extracted variables', () => {
		expect(
			simplifyPayload({ id: 1, status: 'failed', extracted_variables: null, transcript: null }),
		).toEqual({
			call_id: 1,
			status: 'failed',
			duration: null,
			customer_phone: null,
			assistant_phone: null,
			finished_at: null,
			recording_url: null,
			transcript: '',
		});
	});
});

describe('in-flight claims', () => {
	it('a key is claimed once until it expires', () => {
		const key = `units|${Math.random()}`;
		expect(claimDelivery(key, 1_000)).toBe(true);
		expect(claimDelivery(key, 1_000)).toBe(false);
		expect(claimDelivery(key, 1_000 + IN_FLIGHT_MS - 1)).toBe(false);
		expect(claimDelivery(key, 1_000 + IN_FLIGHT_MS)).toBe(true);
	});

	it(`holds at most ${IN_FLIGHT_MAX_ENTRIES} claims, dropping the oldest`, () => {
		const now = 10_000_000;
		for (let i = 0; i <= IN_FLIGHT_MAX_ENTRIES; i++) claimDelivery(`bound|${i}`, now);
		expect(claimCount()).toBe(IN_FLIGHT_MAX_ENTRIES);
		expect(claimDelivery(`bound|${IN_FLIGHT_MAX_ENTRIES}`, now)).toBe(false);
		expect(claimDelivery('bound|0', now)).toBe(true);
	});
});

describe('read-receipt signature', () => {
	const raw = Buffer.from('{"event":"message_status","status":"read"}');
	const hex = createHmac('sha256', 'signing-secret').update(raw).digest('hex');

	it('accepts the HMAC-SHA256 of the raw body, in either hex case', () => {
		expect(signatureMatches(raw, `sha256=${hex}`, 'signing-secret')).toBe(true);
		expect(signatureMatches(raw, `sha256=${hex.toUpperCase()}`, 'signing-secret')).toBe(true);
	});

	it('refuses a missing, malformed, truncated or foreign signature, and a missing body or secret', () => {
		expect(signatureMatches(raw, undefined, 'signing-secret')).toBe(false);
		expect(signatureMatches(raw, hex, 'signing-secret')).toBe(false);
		expect(signatureMatches(raw, `sha256=${hex.slice(2)}`, 'signing-secret')).toBe(false);
		expect(signatureMatches(raw, `sha256=${hex.slice(0, -1)}g`, 'signing-secret')).toBe(false);
		expect(signatureMatches(raw, `sha256=${hex}`, 'other-secret')).toBe(false);
		expect(signatureMatches(undefined, `sha256=${hex}`, 'signing-secret')).toBe(false);
		expect(signatureMatches(raw, `sha256=${hex}`, '')).toBe(false);
	});
});

describe('chat payloads', () => {
	it('turns a chat transcript (role/content) into AI/Customer lines when no formatted transcript is sent', () => {
		expect(
			simplifyConversationEnded({
				conversation_id: 'c-1',
				transcript: [
					{ role: 'user', content: 'Hi' },
					{ role: 'assistant', content: 'Hello!' },
				],
				attachments: [
					{ type: 'image', url: 'https://storage.famulor.de/x.jpg', filename: 'x.jpg' },
					{ type: 'audio' },
				],
				extracted_variables: { summary: 'Greeting' },
				sender: null,
			}),
		).toEqual({
			conversation_id: 'c-1',
			id: null,
			type: null,
			status: null,
			message_count: null,
			customer_name: null,
			customer_phone: null,
			sender_phone: null,
			created_at: null,
			ended_at: null,
			extracted_summary: 'Greeting',
			attachment_urls: ['https://storage.famulor.de/x.jpg'],
			transcript: 'Customer: Hi\nAI: Hello!',
		});
	});

	it('prefers the carrier time of a read receipt and names the error readably', () => {
		expect(
			simplifyMessageStatus({
				whatsapp_message_id: 7,
				status: 'failed',
				error_code: 63016,
				error_message: 'raw',
				error_description: 'Readable',
				timestamp: 'platform',
				provider_timestamp: 'carrier',
				test: true,
			}),
		).toEqual(
			expect.objectContaining({
				whatsapp_message_id: 7,
				status: 'failed',
				error_code: 63016,
				error: 'Readable',
				at: 'carrier',
				test: true,
			}),
		);
	});
});
