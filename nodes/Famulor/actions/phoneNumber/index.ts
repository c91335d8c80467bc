import * as getAll from './getAll.operation';
import * as getAllSmsCapable from './getAllSmsCapable.operation';
import * as getAllSmsCapableV2 from './getAllSmsCapable.v2.operation';
import * as purchase from './purchase.operation';
import * as purchaseV2 from './purchase.v2.operation';
import * as release from './release.operation';
import * as search from './search.operation';
import * as update from './update.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource in either version, as the Operation dropdown shows it. */
const entries = {
	getAll: {
		module: getAll,
		name: 'Get Many',
		action: 'Get many phone numbers',
		description:
			'List every phone number the account owns (ID, E.164 number, country, SMS capability, subscription state), one item per number',
	},
	getAllSmsCapable: {
		module: getAllSmsCapable,
		name: 'Get Many SMS-Capable',
		action: 'Get many SMS capable phone numbers',
		description:
			'List only the owned numbers that can send SMS and have an active subscription (legacy endpoint)',
	},
	search: {
		module: search,
		name: 'Search Available',
		action: 'Search available phone numbers',
		description:
			'Find numbers that can be bought in a country (DE, US, CA, GB, AU, IL, PL, FI, NL, DK, IT), optionally containing given digits; shows the monthly price. Free and read-only.',
	},
	purchase: {
		module: purchase,
		name: 'Purchase',
		action: 'Purchase a billed phone number',
		description:
			'Buy an available number found with Search Available. Costs money: starts a non-refundable, auto-renewing monthly subscription. Only use when the user explicitly asked to buy this exact number.',
	},
	update: {
		module: update,
		name: 'Update',
		action: 'Update a phone number',
		description:
			'Set or clear the nickname of an owned phone number (max 50 characters); the only field that can change',
	},
	release: {
		module: release,
		name: 'Release',
		action: 'Release a phone number for good',
		description:
			'Give up an owned number: a dedicated number is cancelled and removed at the end of its billing period, a SIP or caller-ID number at once. Cannot be undone and is not refunded. Only use when the user explicitly asked to release this exact number.',
	},
} satisfies Record<string, OperationEntry>;

export const phoneNumber = {
	v1: buildResource('phoneNumber', 'getAll', {
		getAll: entries.getAll,
		getAllSmsCapable: entries.getAllSmsCapable,
		search: entries.search,
		purchase: entries.purchase,
	}),
	v2: buildResource('phoneNumber', 'getAll', {
		getAll: entries.getAll,
		getAllSmsCapable: { ...entries.getAllSmsCapable, module: getAllSmsCapableV2 },
		search: entries.search,
		purchase: { ...entries.purchase, module: purchaseV2 },
		update: entries.update,
		release: entries.release,
	}),
} satisfies VersionedResource;
