import type { HttpMethod, RequestBody } from './build-request';
import { request, type RequestOptions } from './client';
import { sdkHeaders, sdkSession, type SdkSession } from './sdk-session';

export interface EndpointDefinition {
  method: HttpMethod;
  /** Path on the API host in a normal session (for SDK-only calls, the integration path). */
  path: string;
  /** spec §7: the integration endpoint used in SDK mode, where the spec gives one. */
  sdk?: { method: HttpMethod; path: string };
  /** Fields the spec fixes for this call; the caller's body is merged over them. */
  body?: RequestBody;
  /** Options the spec fixes for this call (e.g. a form-encoded body). */
  options?: RequestOptions;
}

const KYC = '/v3/private/kyc';
const INTEGRATION = '/v1/s1/kyc/integration';

/** Every call of spec §7, by name. Features call them through callEndpoint(name, body, options). */
export const ENDPOINTS = {
  // KYC
  kycInfo: {
    method: 'POST',
    path: `${KYC}/kyc-info`,
    sdk: { method: 'POST', path: `${INTEGRATION}/info` },
    body: {
      obtain_kyc_token: false,
      obtain_current: true,
      obtain_quotas: true,
      obtain_state: true,
      obtain_aml_questionnaire: true,
      obtain_verification_process: true,
    },
  },
  /** Body: level, isSecondary, from, action, extraParams.reason=UPDATE_KYC; returns accessToken. */
  sdkAccess: { method: 'POST', path: `${KYC}/sdk-access` },
  kycProvider: {
    method: 'POST',
    path: `${KYC}/get-kyc-provider`,
    sdk: { method: 'POST', path: `${INTEGRATION}/provider` },
  },
  supportedDocumentType: {
    method: 'POST',
    path: `${KYC}/supported-document-type`,
    sdk: { method: 'POST', path: `${INTEGRATION}/supported-document-type` },
  },
  createSatosQuestionnaire: {
    method: 'POST',
    path: `${KYC}/create-satos-questionnaire`,
    sdk: { method: 'POST', path: `${INTEGRATION}/create-satos-questionnaire` },
  },
  querySatosQuestionnaire: {
    method: 'GET',
    path: `${KYC}/query-satos-questionnaire`,
    sdk: { method: 'GET', path: `${INTEGRATION}/query-satos-questionnaire` },
  },
  selfReset: {
    method: 'POST',
    path: `${KYC}/self-reset`,
    sdk: { method: 'POST', path: `${INTEGRATION}/self-reset` },
  },
  sdkAccessToken: { method: 'POST', path: `${INTEGRATION}/access-token` },
  // The embedded link flow of a link token (docs/sdk.md "Partner links"): SDK mode only.
  sdkLinkInfo: { method: 'GET', path: `${INTEGRATION}/link-info` },
  sdkLinkSignIn: { method: 'POST', path: `${INTEGRATION}/link-sign-in` },
  sdkLinkSignUp: { method: 'POST', path: `${INTEGRATION}/link-sign-up` },
  sdkLinkEmailCode: { method: 'POST', path: `${INTEGRATION}/link-email-code` },
  sdkLinkConsent: { method: 'POST', path: `${INTEGRATION}/link-consent` },
  sdkBusinessInfo: { method: 'GET', path: `${INTEGRATION}/business-info` },
  /** Query type=email_update_poi when the update-POI flag is 'true' (see getSdkTokenInfo). */
  sdkTokenInfo: { method: 'GET', path: `${INTEGRATION}/token-info` },
  vendorToken: { method: 'POST', path: `${KYC}/vendor-token` },
  /** Header Idempotency-Key; body token, idType, idNumber, names, dateOfBirth, selfieDocumentId. */
  vendorVerify: { method: 'POST', path: `${KYC}/vendor-verify` },
  /** multipart/form-data (side, file): sent through uploadForm (upload.ts), not the JSON client. */
  uploadDocument: {
    method: 'POST',
    path: `${KYC}/upload-document`,
    sdk: { method: 'POST', path: `${INTEGRATION}/upload-document` },
  },
  /** Header Idempotency-Key; body level, country, documentType, documentIds, reason?. */
  submitKyc: {
    method: 'POST',
    path: `${KYC}/submit`,
    sdk: { method: 'POST', path: `${INTEGRATION}/submit` },
  },
  submitQuestionnaire: { method: 'POST', path: `${KYC}/submit-questionnaire` },
  createQuestionnaire: { method: 'POST', path: `${KYC}/create-questionnaire` },
  /** Query scene_code, request_id, template_code=200; or biz_from=kyc_web and template_code. */
  questionnaireTemplateDetail: { method: 'GET', path: `${KYC}/questionnaire-template-detail` },
  /** Query template_code. */
  questionnaireToken: { method: 'GET', path: `${KYC}/questionnaire-token` },
  /** multipart/form-data (file): evidence of a questionnaire answer, sent through uploadForm (upload.ts). */
  questionnaireEvidence: { method: 'POST', path: `${KYC}/questionnaire-evidence` },
  /** Query sceneCode. */
  amlResult: { method: 'GET', path: `${KYC}/get-aml-result` },
  canVerify: { method: 'POST', path: `${KYC}/can-verify` },
  complianceTasks: { method: 'POST', path: `${KYC}/compliance-tasks` },
  /** The person's unread notices of staff decisions, and marking them read (issue 10). */
  notices: { method: 'POST', path: `${KYC}/notices` },
  noticesRead: { method: 'POST', path: `${KYC}/notices/read` },
  /** The person's partner links and their revocation (docs/sdk.md "Partner links"). */
  partnerLinks: { method: 'GET', path: `${KYC}/partner-links` },
  partnerLinkRevoke: { method: 'POST', path: `${KYC}/partner-links/revoke` },
  /** Query template_code, lang: an accepted agreement as an HTML download (a link, not a call). */
  agreementDocument: { method: 'GET', path: `${KYC}/agreement-document` },
  /**
   * A level's flow and, for a vendor provider, the vendor's web SDK session. The SDK-mode path follows
   * the integration family of the other SDK calls; the server does not answer it yet (docs/kyc.md).
   */
  verificationSdkInfo: {
    method: 'POST',
    path: `${KYC}/get-verification-sdk-info`,
    sdk: { method: 'POST', path: `${INTEGRATION}/verification-sdk-info` },
  },
  kycPersonalInfo: {
    method: 'POST',
    path: `${KYC}/kyc-personal-info`,
    sdk: { method: 'POST', path: `${INTEGRATION}/kyc-personal-info` },
  },
  doQuickKyc: { method: 'POST', path: `${KYC}/do-quick-kyc` },
  trafficDiversion: { method: 'POST', path: `${KYC}/traffic-diversion` },
  submitKycAnnouncement: { method: 'POST', path: `${KYC}/submit-kyc-announcement` },
  kycConfig: { method: 'GET', path: `${KYC}/get-config` },
  supportedIpCountryCode: { method: 'GET', path: `${KYC}/get-supported-ip-country-code` },
  canQuickKyc: { method: 'GET', path: `${KYC}/can-quick-kyc` },
  eddInfo: { method: 'GET', path: '/v3/private/aml/get-edd-info' },
  kycIdentity: { method: 'POST', path: '/v1/kyc/identity' },
  transferVerify: { method: 'POST', path: '/v1/kyc/transfer/verify' },
  transferStatus: { method: 'POST', path: '/v1/kyc/transfer/status' },
  riskComponentIntercept: { method: 'POST', path: '/v1/kyc/risk-component/intercept' },

  // Other
  countryList: { method: 'GET', path: '/v2/public/country-list', body: { is_disable: 1 } },
  satosDepositPopUp: {
    method: 'GET',
    path: '/fiat/public/channel/pop-up',
    body: { type: 'satos_deposit_verify' },
  },
  ampAgreementApply: { method: 'POST', path: '/option/asset/amp/agreement/apply' },
  taskList: { method: 'POST', path: '/segw/task/v1/task/list' },
  taskRegion: { method: 'POST', path: '/segw/task/v1/task/region' },
  /** Form-encoded body `sence`, header guid (see postRiskDefaultIntercept). */
  riskDefaultIntercept: {
    method: 'POST',
    path: '/user/public/risk/default-intercept',
    options: { form: true },
  },
  /** Cache allowed (spec §4 start-up). */
  profile: { method: 'GET', path: '/v2/private/user/profile' },
  memberInfo: { method: 'GET', path: '/user/private/member/info' },
  /** Body value ('individual' | 'institution'). */
  tagMember: {
    method: 'POST',
    path: '/v3/private/user/member/tagmember',
    body: { tagName: 'registered_member_type' },
  },
  vipKycPopupInfo: { method: 'POST', path: '/v3/private/vip/kycpopupinfo', body: { bus_type: 1 } },
  logout: { method: 'POST', path: '/logout' },
} as const satisfies Record<string, EndpointDefinition>;

export type EndpointName = keyof typeof ENDPOINTS;

/**
 * Where a call goes and what it carries (spec §6, §7): in SDK mode the integration endpoint when the
 * spec gives one, and the SDK headers on every call of the table.
 */
export function resolveEndpoint(
  name: EndpointName,
  sdk: SdkSession | null,
): { method: HttpMethod; path: string; headers: Record<string, string> } {
  const endpoint: EndpointDefinition = ENDPOINTS[name];
  const target = (sdk && endpoint.sdk) || endpoint;
  return { method: target.method, path: target.path, headers: sdk ? sdkHeaders(sdk) : {} };
}

/** One call of the table through the app client, e.g. `callEndpoint<KycInfo>('kycInfo')`. */
export function callEndpoint<T>(
  name: EndpointName,
  body?: RequestBody,
  options: RequestOptions = {},
): Promise<T> {
  const endpoint: EndpointDefinition = ENDPOINTS[name];
  const { method, path, headers } = resolveEndpoint(name, sdkSession());
  return request<T>(method, path, endpoint.body || body ? { ...endpoint.body, ...body } : undefined, {
    ...endpoint.options,
    ...options,
    headers: { ...headers, ...options.headers },
  });
}
