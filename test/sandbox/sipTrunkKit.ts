import { NUMBER_TRUNK_BODY } from '../helpers/sipTrunks';

/** The sandbox's SIP trunk collection. */
export const SIP = '/api/user/phone-numbers/sip-trunks';

/** The number trunk the suites create, with `over` in place of its fields. */
export const trunk = (over: Record<string, unknown> = {}) => ({ ...NUMBER_TRUNK_BODY, ...over });
