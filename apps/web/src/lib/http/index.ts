export { ApiError, isApiError, NETWORK_ERROR_CODE, TIMEOUT_CODE, TIMEOUT_MESSAGE } from './api-error';
export type { HttpMethod, RequestBody } from './build-request';
export { http, request, REQUEST_TIMEOUT_MS, type RequestOptions } from './client';
