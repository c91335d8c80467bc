/** The sandbox HTTP server: every endpoint of the seed specification (the API docs of February 2026) plus the /__sandbox controls, assembled from hooks/ and routes/. */
import Fastify, { FastifyInstance } from 'fastify';
import { registerBodyParsers } from './hooks/bodyParsers';
import { registerErrorBodies } from './hooks/errorBodies';
import { registerHooks } from './hooks';
import { registerAccountRoutes } from './routes/account';
import { registerAssistantRoutes } from './routes/assistants';
import { registerAssistantWebhookRoutes } from './routes/assistantWebhooks';
import { registerCallRoutes } from './routes/calls';
import { registerCatalogueRoutes } from './routes/catalogues';
import { registerChatWebhookControlRoutes } from './routes/chatWebhookControls';
import { registerChatRoutes } from './routes/chat';
import { registerControlEventRoutes } from './routes/controlEvents';
import { registerControlRoutes } from './routes/controls';
import { registerConversationRoutes } from './routes/conversations';
import { registerDocumentControlRoutes } from './routes/documentControls';
import { registerKnowledgeBaseRoutes } from './routes/knowledgeBases';
import { registerIndexPage } from './routes/indexPage';
import { registerOrganizerRoutes } from './routes/organizers';
import { registerCampaignRoutes } from './routes/campaigns';
import { registerLeadRoutes } from './routes/leads';
import { registerLiveCallControlRoutes } from './routes/liveCallControls';
import { registerPhoneNumberChangeRoutes } from './routes/phoneNumberChanges';
import { registerSipTrunkRoutes } from './routes/sipTrunks';
import { registerLimitControlRoutes } from './routes/limitControls';
import { registerPhoneNumberRoutes } from './routes/phoneNumbers';
import { registerReplyRoutes } from './routes/replies';
import { registerToolRoutes } from './routes/tools';
import { registerSmsRoutes } from './routes/sms';
import { registerWhatsAppRoutes } from './routes/whatsapp';
import { registerWhatsAppTemplateRoutes } from './routes/whatsappTemplates';
import type { Sandbox } from '../model/sandbox';

export function buildApp(sb: Sandbox): FastifyInstance {
	const app = Fastify({
		logger: false,
		bodyLimit: 25 * 1024 * 1024,
		forceCloseConnections: true,
		return503OnClosing: false,
	});
	registerBodyParsers(app);
	registerErrorBodies(app);
	registerHooks(app, sb);
	registerIndexPage(app);

	registerAccountRoutes(app);
	registerCatalogueRoutes(app, sb);
	registerAssistantRoutes(app, sb);
	registerAssistantWebhookRoutes(app, sb);
	registerCallRoutes(app, sb);
	registerLiveCallControlRoutes(app, sb);
	registerReplyRoutes(app, sb);
	registerConversationRoutes(app, sb);
	registerWhatsAppRoutes(app, sb);
	registerPhoneNumberRoutes(app, sb);
	registerKnowledgeBaseRoutes(app, sb);
	registerOrganizerRoutes(app, sb);
	registerToolRoutes(app, sb);
	registerWhatsAppTemplateRoutes(app, sb);
	registerSmsRoutes(app, sb);
	registerChatRoutes(app, sb);
	registerCampaignRoutes(app, sb);
	registerLeadRoutes(app, sb);
	registerPhoneNumberChangeRoutes(app, sb);
	registerSipTrunkRoutes(app, sb);

	registerControlRoutes(app, sb);
	registerControlEventRoutes(app, sb);
	registerChatWebhookControlRoutes(app, sb);
	registerLimitControlRoutes(app, sb);
	registerDocumentControlRoutes(app, sb);
	return app;
}
