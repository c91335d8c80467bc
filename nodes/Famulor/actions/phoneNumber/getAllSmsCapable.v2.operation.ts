import { variant } from './getAllSmsCapable.operation';

/**
 * Version 2 of Phone Number → Get Many SMS-Capable: the legacy endpoint under `/api`, as the current
 * docs place every path (https://docs.famulor.de/en/api-reference/phone-numbers/list).
 */
export const { description, prepare, execute } = variant({ sendsTo: '/api/user/phone-numbers' });
