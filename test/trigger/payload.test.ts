/** The trigger's payloads: transcripts as lines, the simplified call, chat and receipt items. */
import {
	simplifyConversationEnded,
	simplifyMessageStatus,
	simplifyPayload,
	transcriptText,
} from '../../nodes/FamulorTrigger/payload';

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
