/**
 * A small Laravel-style validator producing `{field: [message]}` maps with Laravel's (pre-10)
 * default English messages, e.g. "The assistant name field is required.".
 *
 * Types are checked strictly against JSON types: an integer must be a JSON integer, a boolean
 * must be true/false, a number must be a JSON number (no numeric strings).
 */

/** A JSON request body (or multipart fields) as the validators read it. */
export type Body = Record<string, unknown>;
export type Errors = Record<string, string[]>;
export type Rules = Record<string, string[]>;

export function attr(field: string): string {
	return field.replace(/_/g, ' ');
}

export function getPath(data: unknown, path: string): unknown {
	if (Object.prototype.hasOwnProperty.call(data ?? {}, path))
		return (data as Record<string, unknown>)[path];
	let cur: unknown = data;
	for (const part of path.split('.')) {
		if (cur === null || typeof cur !== 'object') return undefined;
		cur = (cur as Record<string, unknown>)[part];
	}
	return cur;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
	return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function isEmptyValue(v: unknown): boolean {
	return (
		v === undefined ||
		v === null ||
		(typeof v === 'string' && v.trim() === '') ||
		(Array.isArray(v) && v.length === 0)
	);
}

export function isValidUrl(v: unknown): boolean {
	if (typeof v !== 'string' || v.length > 2048) return false;
	try {
		const u = new URL(v);
		return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
	} catch {
		return false;
	}
}

export const E164 = /^\+[1-9]\d{6,14}$/;

let tzCache: Set<string> | undefined;
export function isValidTimezone(v: unknown): boolean {
	if (typeof v !== 'string') return false;
	if (!tzCache) {
		const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
		tzCache = new Set(intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : []);
		tzCache.add('UTC');
	}
	if (tzCache.has(v)) return true;
	try {
		new Intl.DateTimeFormat('en', { timeZone: v });
		return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(v) || v === 'UTC';
	} catch {
		return false;
	}
}

type Kind = 'string' | 'numeric' | 'array' | 'other';

function kindOf(rules: string[]): Kind {
	if (rules.includes('string')) return 'string';
	if (rules.includes('integer') || rules.includes('numeric')) return 'numeric';
	if (rules.includes('array')) return 'array';
	return 'other';
}

function sizeOf(v: unknown, kind: Kind): number | undefined {
	if (kind === 'string' && typeof v === 'string') return [...v].length;
	if (kind === 'numeric' && typeof v === 'number') return v;
	if (kind === 'array' && Array.isArray(v)) return v.length;
	return undefined;
}

/** Validates one value; returns the first failing message or undefined. */
export function checkValue(
	field: string,
	value: unknown,
	rules: string[],
	present: boolean,
): string | undefined {
	const a = attr(field);
	if (rules.includes('required') && isEmptyValue(value)) return `The ${a} field is required.`;
	if (!present) return undefined;
	if (value === null) return rules.includes('nullable') ? undefined : typeMessage(a, rules);
	const kind = kindOf(rules);
	for (const rule of rules) {
		const [name, arg = ''] = rule.split(/:(.*)/s);
		switch (name) {
			case 'string':
				if (typeof value !== 'string') return `The ${a} must be a string.`;
				break;
			case 'integer':
				if (typeof value !== 'number' || !Number.isInteger(value))
					return `The ${a} must be an integer.`;
				break;
			case 'numeric':
				if (typeof value !== 'number' || !Number.isFinite(value))
					return `The ${a} must be a number.`;
				break;
			case 'boolean':
				if (typeof value !== 'boolean') return `The ${a} field must be true or false.`;
				break;
			case 'array':
				if (!Array.isArray(value)) return `The ${a} must be an array.`;
				break;
			case 'object':
				if (!isPlainObject(value)) return `The ${a} must be an object.`;
				break;
			case 'url':
				if (!isValidUrl(value)) return `The ${a} must be a valid URL.`;
				break;
			case 'timezone':
				if (!isValidTimezone(value)) return `The ${a} must be a valid timezone.`;
				break;
			case 'e164':
				if (typeof value !== 'string' || !E164.test(value))
					return `The ${a} must be a valid phone number in E.164 format (e.g. +4930123456).`;
				break;
			case 'in': {
				const allowed = arg.split(',');
				if (typeof value !== 'string' || !allowed.includes(value))
					return `The selected ${a} is invalid.`;
				break;
			}
			case 'max': {
				const n = sizeOf(value, kind);
				const max = Number(arg);
				if (n !== undefined && n > max) {
					if (kind === 'string') return `The ${a} may not be greater than ${max} characters.`;
					if (kind === 'array') return `The ${a} may not have more than ${max} items.`;
					return `The ${a} may not be greater than ${max}.`;
				}
				break;
			}
			case 'min': {
				const n = sizeOf(value, kind);
				const min = Number(arg);
				if (n !== undefined && n < min) {
					if (kind === 'string') return `The ${a} must be at least ${min} characters.`;
					if (kind === 'array') return `The ${a} must have at least ${min} items.`;
					return `The ${a} must be at least ${min}.`;
				}
				break;
			}
			case 'between': {
				const [lo, hi] = arg.split(',').map(Number);
				const n = sizeOf(value, kind);
				if (n !== undefined && (n < lo || n > hi)) {
					if (kind === 'string') return `The ${a} must be between ${lo} and ${hi} characters.`;
					return `The ${a} must be between ${lo} and ${hi}.`;
				}
				break;
			}
			default:
				break;
		}
	}
	return undefined;
}

function typeMessage(a: string, rules: string[]): string {
	if (rules.includes('string')) return `The ${a} must be a string.`;
	if (rules.includes('integer')) return `The ${a} must be an integer.`;
	if (rules.includes('numeric')) return `The ${a} must be a number.`;
	if (rules.includes('boolean')) return `The ${a} field must be true or false.`;
	if (rules.includes('array')) return `The ${a} must be an array.`;
	if (rules.includes('object')) return `The ${a} must be an object.`;
	return `The ${a} field is invalid.`;
}

export function validate(data: unknown, rules: Rules): Errors {
	const errors: Errors = {};
	for (const [field, fieldRules] of Object.entries(rules)) {
		const value = getPath(data, field);
		const msg = checkValue(field, value, fieldRules, value !== undefined);
		if (msg) errors[field] = [msg];
	}
	return errors;
}

export function addError(errors: Errors, field: string, msg: string): void {
	(errors[field] ??= []).push(msg);
}

export function firstError(errors: Errors): string {
	const first = Object.values(errors)[0];
	return first?.[0] ?? 'The given data was invalid.';
}

export function hasErrors(errors: Errors): boolean {
	return Object.keys(errors).length > 0;
}

/** Parses an integer query/path parameter; undefined when absent, NaN when malformed. */
export function intParam(v: unknown): number | undefined {
	if (v === undefined || v === '') return undefined;
	if (typeof v !== 'string' || !/^-?\d{1,15}$/.test(v)) return NaN;
	return Number(v);
}

export function isId(v: unknown): boolean {
	return typeof v === 'string' && /^\d{1,15}$/.test(v);
}

/** The `per_page` query parameter (1–100); an invalid one adds its error and is returned as NaN. */
export function perPageParam(errors: Errors, v: unknown): number | undefined {
	const perPage = intParam(v);
	if (perPage !== undefined && (Number.isNaN(perPage) || perPage < 1 || perPage > 100)) {
		addError(
			errors,
			'per_page',
			Number.isNaN(perPage)
				? 'The per page must be an integer.'
				: 'The per page must be between 1 and 100.',
		);
	}
	return perPage;
}
