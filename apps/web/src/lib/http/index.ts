export {
  ApiError,
  isApiError,
  NETWORK_ERROR_CODE,
  NON_RESPONSE_MESSAGE,
  TIMEOUT_CODE,
  TIMEOUT_MESSAGE,
  type ApiErrorReason,
} from './api-error';
export { apiBaseFor, apiUrl } from './api-base';
export { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey, serverDecided, withIdempotencyKey } from './idempotency';
export type { HttpMethod, RequestBody } from './build-request';
export {
  clearRequestCache,
  http,
  kycHttp,
  kycRequest,
  request,
  REQUEST_TIMEOUT_MS,
  type KycRequestOptions,
  type RequestOptions,
} from './client';
export {
  configureHttp,
  fallbackText,
  type HttpConfig,
  type HttpTextKey,
  type HttpTextValues,
} from './configure';
export { callEndpoint, ENDPOINTS, type EndpointName } from './endpoints';
export { reportApiError, type ReportOptions } from './report-error';
export { postRiskDefaultIntercept } from './risk-intercept';
export { configureSdkSession, sdkSession, type SdkSession } from './sdk-session';
export { getSdkTokenInfo } from './sdk-token-info';
export { uploadForm, type UploadOptions, type UploadProgress } from './upload';
export {
  isStepUpCancelled,
  setStepUpHandler,
  StepUpCancelled,
  withStepUp,
  type StepUpHandler,
} from './step-up';
