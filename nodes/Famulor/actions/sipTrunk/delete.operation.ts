import {
	NodeApiError,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { sipTrunkLocator } from '../../../shared/descriptions';
import { asNodeError, famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import { invalid } from '../../validation';
import { readLocatorId } from '../common';
import { deleteAt } from '../records';
import type { OperationEffect } from '../types';

const properties: INodeProperties[] = [
	sipTrunkLocator(
		'The SIP trunk to delete; assistants and campaigns using it lose it. Only SIP trunks are accepted: a purchased number is released with Phone Number → Release.',
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sipTrunk'], operation: ['delete'] } },
	properties,
);

export const effect: OperationEffect = {
	kind: 'irreversible',
	noun: 'SIP trunk deletion',
	idFields: ['id'],
};

const SIP_TRUNK = { label: 'SIP Trunk', field: 'id' };

function isNotFound(error: unknown): boolean {
	return (
		error instanceof NodeApiError && (error.context as IDataObject | undefined)?.httpCode === 404
	);
}

/**
 * The delete endpoint is the phone-number release, which also cancels a purchased number's
 * subscription. So the ID is first read as a SIP trunk (a free read,
 * https://docs.famulor.de/en/api-reference/sip-trunks/get): anything else is refused before any delete.
 */
export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<number> {
	const id = readLocatorId.call(this, itemIndex, 'sipTrunkId', SIP_TRUNK);
	let record: IDataObject;
	try {
		record = unwrapRecord(
			await famulorApiRequest.call(this, {
				method: 'GET',
				path: `/api/user/phone-numbers/sip-trunks/${id}`,
				itemIndex,
			}),
		);
	} catch (error) {
		if (!isNotFound(error)) throw asNodeError(this.getNode(), error, itemIndex);
		record = {};
	}
	const isSipTrunk =
		record.id !== undefined && (record.type === undefined || record.type === 'sip');
	if (!isSipTrunk)
		throw invalid.call(
			this,
			itemIndex,
			SIP_TRUNK,
			`${id} is not a SIP trunk of this account, so nothing was deleted: to release a purchased or caller-ID number use Phone Number → Release`,
		);
	return id;
}

/**
 * A SIP trunk is a phone number: it is deleted at once through the release endpoint
 * (https://docs.famulor.de/en/api-reference/sip-trunks/delete).
 */
export const execute = deleteAt('/api/user/phone-numbers');
