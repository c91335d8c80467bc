import { account } from './account';
import { aiReply } from './aiReply';
import { assistant } from './assistant';
import { assistantV2 } from './assistant/v2';
import { call, callV2 } from './call';
import { campaign } from './campaign';
import { chat } from './chat';
import { conversation, conversationV2 } from './conversation';
import { document, documentV2 } from './document';
import { knowledgeBase, knowledgeBaseV2 } from './knowledgeBase';
import { language } from './language';
import { lead } from './lead';
import { midCallTool } from './midCallTool';
import { model } from './model';
import { folder, label } from './organizer';
import { phoneNumber, phoneNumberV2 } from './phoneNumber';
import { sipTrunk } from './sipTrunk';
import { sms } from './sms';
import type { ResourceModule } from './types';
import { voice } from './voice';
import { whatsApp, whatsAppV2 } from './whatsApp';

/** Resource value → its operations; the router and the node description both read such a map. */
export type ResourceMap = Record<string, ResourceModule>;

/** Version 1: the seed specification's endpoints, frozen. */
export const resourcesV1: ResourceMap = {
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

/** Version 2: every unchanged operation of version 1, the current API and the operations beyond the seed specification (the API docs of February 2026). */
export const resourcesV2: ResourceMap = {
	...resourcesV1,
	assistant: assistantV2,
	call: callV2,
	folder,
	label,
	midCallTool,
	model,
	voice,
	chat,
	conversation: conversationV2,
	sms,
	whatsApp: whatsAppV2,
	account,
	campaign,
	document: documentV2,
	knowledgeBase: knowledgeBaseV2,
	lead,
	phoneNumber: phoneNumberV2,
	sipTrunk,
};
