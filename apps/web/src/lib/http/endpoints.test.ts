// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fetchCall, ok, stubFetch } from '../../test/fetch';
import { readCookie } from '../browser/cookies';
import { registerMessenger } from '../messages/messenger';
import { setTelemetryReporter } from '../telemetry/telemetry';
import { clearRequestCache, http } from './client';
import { callEndpoint, ENDPOINTS, resolveEndpoint, type EndpointName } from './endpoints';
import { postRiskDefaultIntercept } from './risk-intercept';
import { configureSdkSession, sdkHeaders, sdkSession } from './sdk-session';
import { getSdkTokenInfo } from './sdk-token-info';

const headersOf = (init: RequestInit) => new Headers(init.headers);
const toast = vi.fn();
const restore: Array<() => void> = [];

beforeEach(() => {
  clearRequestCache();
  toast.mockReset();
  restore.push(
    registerMessenger({ toast, notify: vi.fn() }),
    setTelemetryReporter(() => undefined),
  );
});

afterEach(() => {
  while (restore.length) restore.pop()?.();
  configureSdkSession(null);
  vi.unstubAllGlobals();
  document.cookie = 'guid=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('endpoint table (spec §7 "Endpoints")', () => {
  it.each<[EndpointName, string, string, string?]>([
    ['kycInfo', 'POST', '/v3/private/kyc/kyc-info', '/v1/s1/kyc/integration/info'],
    ['kycProvider', 'POST', '/v3/private/kyc/get-kyc-provider', '/v1/s1/kyc/integration/provider'],
    [
      'supportedDocumentType',
      'POST',
      '/v3/private/kyc/supported-document-type',
      '/v1/s1/kyc/integration/supported-document-type',
    ],
    [
      'createSatosQuestionnaire',
      'POST',
      '/v3/private/kyc/create-satos-questionnaire',
      '/v1/s1/kyc/integration/create-satos-questionnaire',
    ],
    [
      'querySatosQuestionnaire',
      'GET',
      '/v3/private/kyc/query-satos-questionnaire',
      '/v1/s1/kyc/integration/query-satos-questionnaire',
    ],
    ['selfReset', 'POST', '/v3/private/kyc/self-reset', '/v1/s1/kyc/integration/self-reset'],
    ['sdkAccess', 'POST', '/v3/private/kyc/sdk-access'],
    ['sdkAccessToken', 'POST', '/v1/s1/kyc/integration/access-token'],
    ['sdkBusinessInfo', 'GET', '/v1/s1/kyc/integration/business-info'],
    ['sdkTokenInfo', 'GET', '/v1/s1/kyc/integration/token-info'],
    ['sdkLinkInfo', 'GET', '/v1/s1/kyc/integration/link-info'],
    ['sdkLinkSignIn', 'POST', '/v1/s1/kyc/integration/link-sign-in'],
    ['sdkLinkSignUp', 'POST', '/v1/s1/kyc/integration/link-sign-up'],
    ['sdkLinkEmailCode', 'POST', '/v1/s1/kyc/integration/link-email-code'],
    ['sdkLinkConsent', 'POST', '/v1/s1/kyc/integration/link-consent'],
    ['vendorToken', 'POST', '/v3/private/kyc/vendor-token'],
    ['vendorVerify', 'POST', '/v3/private/kyc/vendor-verify'],
    ['uploadDocument', 'POST', '/v3/private/kyc/upload-document', '/v1/s1/kyc/integration/upload-document'],
    ['submitKyc', 'POST', '/v3/private/kyc/submit', '/v1/s1/kyc/integration/submit'],
    ['submitQuestionnaire', 'POST', '/v3/private/kyc/submit-questionnaire'],
    ['createQuestionnaire', 'POST', '/v3/private/kyc/create-questionnaire'],
    ['questionnaireTemplateDetail', 'GET', '/v3/private/kyc/questionnaire-template-detail'],
    ['questionnaireToken', 'GET', '/v3/private/kyc/questionnaire-token'],
    ['questionnaireEvidence', 'POST', '/v3/private/kyc/questionnaire-evidence'],
    ['amlResult', 'GET', '/v3/private/kyc/get-aml-result'],
    ['canVerify', 'POST', '/v3/private/kyc/can-verify'],
    ['complianceTasks', 'POST', '/v3/private/kyc/compliance-tasks'],
    [
      'verificationSdkInfo',
      'POST',
      '/v3/private/kyc/get-verification-sdk-info',
      '/v1/s1/kyc/integration/verification-sdk-info',
    ],
    [
      'kycPersonalInfo',
      'POST',
      '/v3/private/kyc/kyc-personal-info',
      '/v1/s1/kyc/integration/kyc-personal-info',
    ],
    ['notices', 'POST', '/v3/private/kyc/notices'],
    ['noticesRead', 'POST', '/v3/private/kyc/notices/read'],
    ['partnerLinks', 'GET', '/v3/private/kyc/partner-links'],
    ['partnerLinkRevoke', 'POST', '/v3/private/kyc/partner-links/revoke'],
    ['agreementDocument', 'GET', '/v3/private/kyc/agreement-document'],
    ['doQuickKyc', 'POST', '/v3/private/kyc/do-quick-kyc'],
    ['trafficDiversion', 'POST', '/v3/private/kyc/traffic-diversion'],
    ['submitKycAnnouncement', 'POST', '/v3/private/kyc/submit-kyc-announcement'],
    ['kycConfig', 'GET', '/v3/private/kyc/get-config'],
    ['supportedIpCountryCode', 'GET', '/v3/private/kyc/get-supported-ip-country-code'],
    ['canQuickKyc', 'GET', '/v3/private/kyc/can-quick-kyc'],
    ['eddInfo', 'GET', '/v3/private/aml/get-edd-info'],
    ['kycIdentity', 'POST', '/v1/kyc/identity'],
    ['transferVerify', 'POST', '/v1/kyc/transfer/verify'],
    ['transferStatus', 'POST', '/v1/kyc/transfer/status'],
    ['riskComponentIntercept', 'POST', '/v1/kyc/risk-component/intercept'],
    ['countryList', 'GET', '/v2/public/country-list'],
    ['satosDepositPopUp', 'GET', '/fiat/public/channel/pop-up'],
    ['ampAgreementApply', 'POST', '/option/asset/amp/agreement/apply'],
    ['taskList', 'POST', '/segw/task/v1/task/list'],
    ['taskRegion', 'POST', '/segw/task/v1/task/region'],
    ['riskDefaultIntercept', 'POST', '/user/public/risk/default-intercept'],
    ['profile', 'GET', '/v2/private/user/profile'],
    ['memberInfo', 'GET', '/user/private/member/info'],
    ['tagMember', 'POST', '/v3/private/user/member/tagmember'],
    ['vipKycPopupInfo', 'POST', '/v3/private/vip/kycpopupinfo'],
    ['logout', 'POST', '/logout'],
  ])('spec §7: %s is %s %s (SDK: %s)', (name, method, path, sdkPath) => {
    expect(resolveEndpoint(name, null)).toEqual({ method, path, headers: {} });
    const inSdk = resolveEndpoint(name, { token: 't' });
    expect(inSdk.path).toBe(sdkPath ?? path);
    expect(inSdk.method).toBe(method);
  });

  it('spec §7: the table lists exactly the calls checked above', () => {
    expect(Object.keys(ENDPOINTS)).toHaveLength(56);
  });

  it('spec §7: kyc-info sends the fixed obtain_* flags, with the caller fields merged over them', async () => {
    const fetch = stubFetch(() => ok({ opened: true }));
    await expect(callEndpoint('kycInfo', { obtain_kyc_token: true })).resolves.toEqual({ opened: true });
    const { url, init } = fetchCall(fetch);
    expect(url).toBe('/v3/private/kyc/kyc-info');
    expect(JSON.parse(String(init.body))).toEqual({
      obtain_kyc_token: true,
      obtain_current: true,
      obtain_quotas: true,
      obtain_state: true,
      obtain_aml_questionnaire: true,
      obtain_verification_process: true,
    });
    expect(headersOf(init).has('kyc-access-token')).toBe(false);
  });

  it('spec §7, §9: fixed query values (country list is_disable=1, satos pop-up type)', async () => {
    const fetch = stubFetch(
      () => ok([]),
      () => ok(null),
      () => ok(null),
      () => ok(null),
    );
    await callEndpoint('countryList');
    await callEndpoint('satosDepositPopUp');
    await callEndpoint('vipKycPopupInfo');
    await callEndpoint('tagMember', { value: 'individual' });
    expect(fetchCall(fetch, 0).url).toBe('/v2/public/country-list?is_disable=1');
    expect(fetchCall(fetch, 1).url).toBe('/fiat/public/channel/pop-up?type=satos_deposit_verify');
    expect(fetchCall(fetch, 2).init.body).toBe('{"bus_type":1}');
    expect(fetchCall(fetch, 3).init.body).toBe('{"tagName":"registered_member_type","value":"individual"}');
  });

  it('spec §7: the caller options reach the client (query parameters of a GET, cache)', async () => {
    const fetch = stubFetch(() => ok({ template: 1 }));
    await callEndpoint(
      'questionnaireTemplateDetail',
      { biz_from: 'kyc_web', template_code: 200 },
      { cache: true },
    );
    await callEndpoint(
      'questionnaireTemplateDetail',
      { biz_from: 'kyc_web', template_code: 200 },
      { cache: true },
    );
    expect(fetch).toHaveBeenCalledOnce();
    expect(fetchCall(fetch).url).toBe(
      '/v3/private/kyc/questionnaire-template-detail?biz_from=kyc_web&template_code=200',
    );
  });
});

describe('SDK mode (spec §6, §7)', () => {
  it('spec §6: headers kyc-access-token, kyc-access-origin (default bybit), kyc-access-business', () => {
    expect(sdkHeaders({ token: 't' })).toEqual({ 'kyc-access-token': 't', 'kyc-access-origin': 'bybit' });
    expect(sdkHeaders({ token: 't', origin: 'partner', scene: 's', business: 'b', from: 'f' })).toEqual({
      'kyc-access-token': 't',
      'kyc-access-origin': 'partner',
      'kyc-access-business': 's',
    });
    expect(sdkHeaders({ token: 't', business: 'b', from: 'f' })['kyc-access-business']).toBe('b');
    expect(sdkHeaders({ token: 't', from: 'f' })['kyc-access-business']).toBe('f');
  });

  it('spec §6, §7: in SDK mode kyc-info goes to the integration endpoint with the SDK headers', async () => {
    configureSdkSession({ token: 'sdk-token', from: 'app' });
    const fetch = stubFetch(() => ok({}));
    await callEndpoint('kycInfo');
    const { url, init } = fetchCall(fetch);
    expect(url).toBe('/v1/s1/kyc/integration/info');
    expect(init.method).toBe('POST');
    const headers = headersOf(init);
    expect(headers.get('kyc-access-token')).toBe('sdk-token');
    expect(headers.get('kyc-access-origin')).toBe('bybit');
    expect(headers.get('kyc-access-business')).toBe('app');
    expect(JSON.parse(String(init.body))).toMatchObject({ obtain_state: true });
  });

  it('spec §6: a call without an SDK variant keeps its path and still carries the SDK headers', async () => {
    configureSdkSession({ token: 'sdk-token' });
    const fetch = stubFetch(() => ok('token'));
    await callEndpoint('vendorToken');
    expect(fetchCall(fetch).url).toBe('/v3/private/kyc/vendor-token');
    expect(headersOf(fetchCall(fetch).init).get('kyc-access-token')).toBe('sdk-token');
  });

  it('spec §6: leaving SDK mode (or an empty token) returns to the app endpoints; entering it clears the cache', async () => {
    const fetch = stubFetch(
      () => ok('app'),
      () => ok('sdk'),
      () => ok('app again'),
    );
    await callEndpoint('profile', undefined, { cache: true });
    configureSdkSession({ token: 'x' });
    expect(sdkSession()).toEqual({ token: 'x' });
    await expect(callEndpoint('profile', undefined, { cache: true })).resolves.toBe('sdk');
    configureSdkSession({ token: '' });
    expect(sdkSession()).toBeNull();
    await callEndpoint('kycInfo');
    expect(fetchCall(fetch, 2).url).toBe('/v3/private/kyc/kyc-info');
    expect(headersOf(fetchCall(fetch, 2).init).has('kyc-access-token')).toBe(false);
  });

  it('spec §6: plain http calls outside the table never carry the SDK token', async () => {
    configureSdkSession({ token: 'sdk-token' });
    const fetch = stubFetch(() => ok(null));
    await http.get('/x');
    expect(headersOf(fetchCall(fetch).init).has('kyc-access-token')).toBe(false);
  });

  it("spec §7: token info asks type=email_update_poi only when the update-POI flag is 'true'", async () => {
    configureSdkSession({ token: 'sdk-token' });
    const fetch = stubFetch(
      () => ok({ a: 1 }),
      () => ok({ a: 2 }),
      () => ok({ a: 3 }),
    );
    await expect(getSdkTokenInfo('true')).resolves.toEqual({ a: 1 });
    await getSdkTokenInfo('false');
    await getSdkTokenInfo(null);
    expect(fetchCall(fetch, 0).url).toBe('/v1/s1/kyc/integration/token-info?type=email_update_poi');
    expect(fetchCall(fetch, 1).url).toBe('/v1/s1/kyc/integration/token-info');
    expect(fetchCall(fetch, 2).url).toBe('/v1/s1/kyc/integration/token-info');
    expect(headersOf(fetchCall(fetch, 0).init).get('kyc-access-token')).toBe('sdk-token');
  });

  it('spec §8: a token info error is silent (rejected for the caller to ignore, nothing shown)', async () => {
    stubFetch(() => fail(33003, 'no permission'));
    await expect(getSdkTokenInfo(undefined)).rejects.toMatchObject({ ret_code: 33003 });
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('risk default-intercept (spec §3, §7, §9 request guid)', () => {
  it('spec §7: posts the form-encoded sence with the guid header, creating the guid cookie on first use', async () => {
    const fetch = stubFetch(
      () => ok({ intercept: false }),
      () => ok({ intercept: false }),
    );
    await expect(postRiskDefaultIntercept('login')).resolves.toEqual({ intercept: false });
    const { url, init } = fetchCall(fetch);
    expect(url).toBe('/user/public/risk/default-intercept');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('sence=login');
    const headers = headersOf(init);
    expect(headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    const guid = headers.get('guid');
    expect(guid).toHaveLength(36);
    expect(readCookie('guid')).toBe(guid);

    await postRiskDefaultIntercept('withdraw');
    expect(headersOf(fetchCall(fetch, 1).init).get('guid')).toBe(guid);
  });
});
