/** The service's answers to WhatsApp sends, as suites of the node, the sandbox and n8n expect them. */

/** The answer to a template send that the service queued (POST /api/user/whatsapp/send). */
export const QUEUED_TEMPLATE_SEND = {
	success: true,
	conversation_id: expect.any(Number),
	message_id: expect.any(Number),
	whatsapp_message_id: expect.any(Number),
	message_sid: expect.stringMatching(/^SM/),
	status: 'queued',
};
