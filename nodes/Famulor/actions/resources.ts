import { account } from './account';
import { aiReply } from './aiReply';
import { assistant } from './assistant';
import { call } from './call';
import { campaign } from './campaign';
import { chat } from './chat';
import { conversation } from './conversation';
import { document } from './document';
import { knowledgeBase } from './knowledgeBase';
import { language } from './language';
import { lead } from './lead';
import { midCallTool } from './midCallTool';
import { model } from './model';
import { folder, label } from './organizer';
import { phoneNumber } from './phoneNumber';
import { sipTrunk } from './sipTrunk';
import { sms } from './sms';
import type { ResourceModule } from './types';
import { voice } from './voice';
import { whatsApp } from './whatsApp';

/** Resource value → its operations; the router and the node description both read such a map. */
export type ResourceMap = Record<string, ResourceModule>;

/** Version 1: the seed specification's endpoints, frozen. */
export const resourcesV1: ResourceMap = {
	aiReply: aiReply.v1,
	assistant: assistant.v1,
	call: call.v1,
	conversation: conversation.v1,
	document: document.v1,
	knowledgeBase: knowledgeBase.v1,
	language: language.v1,
	phoneNumber: phoneNumber.v1,
	whatsApp: whatsApp.v1,
};

/**
 * Version 2: the current API and the operations beyond the seed specification (the API docs of
 * February 2026). Version 1's resources come first, in its order, so both forms list them alike.
 */
export const resourcesV2: ResourceMap = {
	aiReply: aiReply.v2,
	assistant: assistant.v2,
	call: call.v2,
	conversation: conversation.v2,
	document: document.v2,
	knowledgeBase: knowledgeBase.v2,
	language: language.v2,
	phoneNumber: phoneNumber.v2,
	whatsApp: whatsApp.v2,
	folder: folder.v2,
	label: label.v2,
	midCallTool: midCallTool.v2,
	model: model.v2,
	voice: voice.v2,
	chat: chat.v2,
	sms: sms.v2,
	account: account.v2,
	campaign: campaign.v2,
	lead: lead.v2,
	sipTrunk: sipTrunk.v2,
};
