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
export {
	listLimit,
	pageNumberPages,
	requestCursorList,
	requestPageNumberList,
	requestWholeList,
	unwrapList,
	unwrapRecord,
	type ListRequest,
} from './pagination';
export { buildFileForm } from './multipart';
export type { FamulorRequest, FamulorRequestContext } from './types';
