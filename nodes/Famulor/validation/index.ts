/**
 * Checks of the seed specification's rules that can be made before sending. Each failure names the parameter as the
 * user sees it, the API field, and the rule, and points at the item — and no request is sent. Each
 * takes `(itemIndex, {label, field}, value, …)` and throws a NodeOperationError.
 */
import type { IDataObject } from 'n8n-workflow';

import { parseId } from '../../shared/ids';
import { CONTROL_CHARACTERS } from '../../shared/transport';

import { invalid, shown, type FieldName, type NodeContext } from './core';

export * from './core';
export * from './phone';

export function checkUrl(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): string {
	const text = typeof value === 'string' ? value.trim() : '';
	// `new URL()` silently drops line breaks and tabs, so the service would get another URL than the one given.
	if (CONTROL_CHARACTERS.test(text)) {
		throw invalid.call(
			this,
			itemIndex,
			name,
			`must not contain line breaks, tabs or other control characters, got ${shown(value)}`,
		);
	}
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
		throw invalid.call(this, itemIndex, name, `must be a valid http(s) URL, got ${shown(value)}`);
	}
	return text;
}

/** Positive integer ids, as every path parameter and *_id field of the service is. */
export function checkId(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): number {
	const id = parseId(value);
	if (id === undefined) {
		throw invalid.call(
			this,
			itemIndex,
			name,
			`must be a positive whole number (an ID), got ${shown(value)}`,
		);
	}
	return id;
}

/** Parses a JSON object parameter (e.g. variables), accepting an object or a JSON text. */
export function parseJsonObject(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): IDataObject {
	if (value === undefined || value === null || value === '') return {};
	let parsed: unknown = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			throw invalid.call(
				this,
				itemIndex,
				name,
				'must be a JSON object such as {"customer_name": "Ada"}',
			);
		}
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		throw invalid.call(
			this,
			itemIndex,
			name,
			'must be a JSON object such as {"customer_name": "Ada"}',
		);
	}
	return parsed as IDataObject;
}

/** Text that must have a given shape; `shape` says in words what is expected, e.g. "like Area/City". */
export function checkPattern(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
	pattern: RegExp,
	shape: string,
): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!pattern.test(text)) {
		throw invalid.call(this, itemIndex, name, `must be ${shape}, got ${shown(value)}`);
	}
	return text;
}

/**
 * Area/City, with optional deeper parts (America/Argentina/Buenos_Aires) and Etc/GMT+1, or the
 * zone names UTC and GMT.
 */
const TIMEZONE_PATTERN = /^(?:[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+|UTC|GMT)$/;

export function checkTimezone(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): string {
	return checkPattern.call(
		this,
		itemIndex,
		name,
		value,
		TIMEZONE_PATTERN,
		'a time zone name shaped like Area/City (e.g. Europe/Berlin) or UTC',
	);
}

/** A boolean, also when an expression produced the text "true" or "false". */
export function checkBoolean(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw invalid.call(this, itemIndex, name, `must be true or false, got ${shown(value)}`);
}

/** A list of IDs given as an array or as comma-separated text; an empty value gives an empty list. */
export function checkIdList(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): number[] {
	const entries = Array.isArray(value)
		? value
		: String(value ?? '')
				.split(',')
				.map((entry) => entry.trim())
				.filter((entry) => entry !== '');
	return entries.map((entry) => checkId.call(this, itemIndex, name, entry));
}

/** A UUID such as 0f8c3a52-6d0e-4b7a-9c1d-2e3f4a5b6c7d (conversations and chat assistants are addressed by UUID). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID; `hint` tells what to do when an integer ID was given where the UUID is needed. */
export function checkUuid(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
	hint: string,
): string {
	const text =
		typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
	if (!UUID_PATTERN.test(text)) {
		const rule = /^\d+$/.test(text)
			? `must be a UUID, not a number (${text}): ${hint}`
			: `must be a UUID such as 0f8c3a52-6d0e-4b7a-9c1d-2e3f4a5b6c7d, got ${shown(value)}`;
		throw invalid.call(this, itemIndex, name, rule);
	}
	return text.toLowerCase();
}
