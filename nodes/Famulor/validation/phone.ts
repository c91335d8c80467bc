/** Phone numbers: E.164, the format the service takes, and the country codes it supports. */
import { invalid, shown, type FieldName, type NodeContext } from './core';

/** E.164: a plus, a non-zero first digit, at most 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

export const SUPPORTED_COUNTRY_CODES = [
	'DE',
	'US',
	'CA',
	'GB',
	'AU',
	'IL',
	'PL',
	'FI',
	'NL',
	'DK',
	'IT',
] as const;

/**
 * `phone` (read from `value`) if it is E.164; else the error quotes `value` and explains the
 * format in `description`.
 */
function e164(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
	phone: string,
	description: string,
): string {
	if (E164_PATTERN.test(phone)) return phone;
	throw invalid.call(
		this,
		itemIndex,
		name,
		`must be a phone number in E.164 format such as +4915112345678, got ${shown(value)}`,
		description,
	);
}

/** How E.164 is explained to a number taken as given (checkE164) and to one as people write it (checkPhoneNumber). */
const AS_GIVEN =
	'E.164 means: a plus sign, the country code and the number, digits only, no spaces or leading zero';
const AS_WRITTEN =
	'E.164 means: a plus sign, the country code and the number, no leading zero. Spaces, dashes, dots, slashes and brackets are removed before the check, and a leading 00 becomes +.';

/** A number that must already be E.164 (version 1 sends exactly what it was given, trimmed). */
export function checkE164(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): string {
	const phone = typeof value === 'string' ? value.trim() : '';
	return e164.call(this, itemIndex, name, value, phone, AS_GIVEN);
}

/** What people write between the digits of a phone number ("+49 (176) 123-45.67/8"). */
const PHONE_SEPARATORS = /[\s\-.()/]/g;

/** Said in the hint of every field read by checkPhoneNumber. */
export const PHONE_NUMBER_HINT =
	'in E.164 format (plus sign, country code, number); spaces, dashes, dots, slashes and brackets are removed, a leading 00 becomes +';

/**
 * A phone number as people write it: separators dropped and a leading 00 made +, then it must
 * be E.164, the format the service
 * takes (e.g. https://docs.famulor.de/en/api-reference/sms/send). Version 2 reads every number with it.
 */
export function checkPhoneNumber(
	this: NodeContext,
	itemIndex: number,
	name: FieldName,
	value: unknown,
): string {
	const phone =
		typeof value === 'string' ? value.replace(PHONE_SEPARATORS, '').replace(/^00/, '+') : '';
	return e164.call(this, itemIndex, name, value, phone, AS_WRITTEN);
}
