import { aiReply } from './aiReply';
import { assistant } from './assistant';
import { call } from './call';
import { conversation } from './conversation';
import { document } from './document';
import { knowledgeBase } from './knowledgeBase';
import { language } from './language';
import { phoneNumber } from './phoneNumber';
import type { ResourceModule } from './types';
import { whatsApp } from './whatsApp';

/** Resource value → its operations; the router and the node description both read this map. */
export const resources: Record<string, ResourceModule> = {
	aiReply,
	assistant,
	call,
	conversation,
	document,
	knowledgeBase,
	language,
	phoneNumber,
	whatsApp,
};
