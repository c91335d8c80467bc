export * from './constants';
export { CONTROL_CHARACTERS, normalizeBaseUrl, type FamulorCredentials } from './credentials';
export {
	asNodeError,
	buildApiError,
	formatErrorMessage,
	isRememberedFailure,
	parseErrorBody,
	type FamulorErrorDetails,
} from './errors/errors';
export { famulorApiRequest } from './request';
export { forgetSucceededRun } from './retries/journal';
export { unwrapList, unwrapRecord } from './lists';
export {
	listPages,
	type ListPage,
	type ListRead,
	type PageRead,
	type Paging,
	type ReadEnd,
} from './pages';
export {
	listLimit,
	pageNumberPages,
	requestCursorList,
	requestPageNumberList,
	requestWholeList,
	type ListRequest,
} from './pagination';
export { buildFileForm } from './multipart';
export type { FamulorRequest, FamulorRequestContext } from './types';
