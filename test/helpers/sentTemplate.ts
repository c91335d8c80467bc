/**
 * What the action node puts out for a WhatsApp template the service accepted (Send Template Message),
 * in any test that sends one: the service's IDs are whatever it assigned, the Twilio SID starts `SM`.
 */
export const TEMPLATE_SENT = {
	success: true,
	conversation_id: expect.any(Number),
	message_id: expect.any(Number),
	whatsapp_message_id: expect.any(Number),
	message_sid: expect.stringMatching(/^SM/),
	status: 'queued',
};
