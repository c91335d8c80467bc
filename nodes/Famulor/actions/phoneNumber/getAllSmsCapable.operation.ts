import { variantHook, type Variant } from '../variant';
import { wholeListOperation } from '../wholeList';

/**
 * The legacy endpoint at the path the seed specification (the API docs of February 2026) gives it
 * (no `/api` prefix); version 2 has it under `/api`. Its answer's shape is not documented, so both a
 * bare array and `{data: [...]}` are read.
 */
const VERSION_1: Pick<Variant, 'sendsTo'> = { sendsTo: '/user/phone-numbers' };

export const variant = variantHook(VERSION_1, ({ sendsTo }) =>
	wholeListOperation({ resource: 'phoneNumber', operation: 'getAllSmsCapable', path: sendsTo }),
);

export const { description, prepare, execute } = variant();
