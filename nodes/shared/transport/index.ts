export * from './constants';
export { CONTROL_CHARACTERS, normalizeBaseUrl, type FamulorCredentials } from './credentials';
export { asNodeError, isRememberedFailure } from './errors/errors';
export { famulorApiRequest } from './request';
export { forgetSucceededRun } from './retries/journal';
export { unwrapList, unwrapRecord } from './lists';
export { listPages, type Paging } from './pages';
export {
	listLimit,
	pageNumberPages,
	requestCursorList,
	requestPageNumberList,
	requestWholeList,
} from './pagination';
export { buildFileForm } from './multipart';
export type { FamulorRequestContext } from './types';
