/** The post-call event of the seeded outbound assistant, which the lifecycle suites register. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import { listeningTo } from './triggerKit';

export const OUTBOUND = SEED.alice.outboundAssistantId; // 102

/** The parameters of a post-call trigger on OUTBOUND, with `extra` beside them. */
export const postCall = (extra?: IDataObject): INodeParameters =>
	listeningTo(OUTBOUND, 'callCompleted', extra);
