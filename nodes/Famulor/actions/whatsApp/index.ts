import * as getSenders from './getSenders.operation';
import * as getSessionStatus from './getSessionStatus.operation';
import * as getSessionStatusV2 from './getSessionStatus.v2.operation';
import * as getTemplates from './getTemplates.operation';
import * as sendFreeform from './sendFreeform.operation';
import * as sendFreeformV2 from './sendFreeform.v2.operation';
import * as sendTemplate from './sendTemplate.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource in either version, as the Operation dropdown shows it. */
const entries = {
	sendFreeform: {
		module: sendFreeform,
		name: 'Send Free-Form Message',
		action: 'Send a billed WhatsApp message',
		description:
			'Send a free-text WhatsApp message (max 4096 characters, billed) to a customer who wrote to the sender within the last 24 hours. Outside that window it fails with 403 SESSION_EXPIRED and a template message must be sent instead.',
	},
	getSessionStatus: {
		module: getSessionStatus,
		name: 'Get Session Status',
		action: 'Get a WhatsApp session status',
		description:
			'Check whether the 24-hour WhatsApp window with a customer is open (free, read-only). If can_send_freeform is true, a free-form message may be sent; if requires_template is true, a template message must be sent instead.',
	},
	sendTemplate: {
		module: sendTemplate,
		name: 'Send Template Message',
		action: 'Send a billed WhatsApp template',
		description:
			'Send an approved WhatsApp template (billed) with its variables filled in, also outside the 24-hour window, e.g. to start a conversation or follow up when free-form messages are not allowed',
	},
	getSenders: {
		module: getSenders,
		name: 'Get Many Senders',
		action: 'Get many WhatsApp senders',
		description:
			"List the account's WhatsApp senders (business numbers): online ones, or all; one item per sender with its ID, number, status, quality rating and messaging limit",
	},
	getTemplates: {
		module: getTemplates,
		name: 'Get Many Templates',
		action: 'Get many WhatsApp templates',
		description:
			'List the message templates of a sender: approved ones, or all (also pending and rejected); one item per template with its text and variable names',
	},
} satisfies Record<string, OperationEntry>;

export const whatsApp = {
	/** The seed specification's session check and free-form send. */
	v1: buildResource('whatsApp', 'sendFreeform', {
		sendFreeform: entries.sendFreeform,
		getSessionStatus: entries.getSessionStatus,
	}),
	/** Numbers as people write them; senders, templates and the template send are new. */
	v2: buildResource('whatsApp', 'sendFreeform', {
		sendFreeform: { ...entries.sendFreeform, module: sendFreeformV2 },
		getSessionStatus: { ...entries.getSessionStatus, module: getSessionStatusV2 },
		sendTemplate: entries.sendTemplate,
		getSenders: entries.getSenders,
		getTemplates: entries.getTemplates,
	}),
} satisfies VersionedResource;
