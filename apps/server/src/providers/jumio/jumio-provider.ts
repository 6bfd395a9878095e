/**
 * Jumio adapter (docs/providers-jumio.md), over Jumio's KYX platform API: an OAuth2 client-credentials
 * token (oauth-token.ts); an account per person, created on first use with our opaque externalUserId as
 * both customerInternalReference and userReference (never an email); a new workflow execution per attempt
 * (account creation, then an account update for each later attempt), opened in Jumio's web client
 * (web.href, a page: flowUrl); the unsigned callback accepted from the allowed addresses only and treated
 * as a notice (callback.ts); the outcome always read from the retrieval API (retrieval.ts).
 */
import type { KycStepLevel } from '@kyc/contracts';
import {
  VendorUnavailable,
  type StartedVerification,
  type VendorResult,
  type VerificationProvider,
} from '../provider.ts';
import type { JumioConfig } from '../settings.ts';
import {
  unexpectedAnswer,
  type VendorHttp,
  type VendorRequest,
  type VendorResponse,
} from '../vendor-http.ts';
import { parseCallback } from './callback.ts';
import { ipAllowList } from './ip-allow-list.ts';
import { tokenSource } from './oauth-token.ts';
import {
  documentOfRetrieval,
  outcomeOf,
  resultKeyOf,
  resultTimeOf,
  type JumioRetrieval,
} from './retrieval.ts';

/** Jumio's default lifetime of a workflow's web token (configurable in Jumio's portal). */
export const WEB_TOKEN_LIFETIME_MS = 30 * 60_000;

/** The locales of Jumio's web client; another language falls back to its primary tag, then English. */
const JUMIO_LOCALES = new Set(
  'ar bg cs da de el en en-GB es es-MX et fi fr he hr hu hy id it ja ka km ko lt ms nl no pl pt pt-BR ro ru sk sv th tr vi zh-CN zh-HK'.split(
    ' ',
  ),
);
export function jumioLocale(lang: string): string {
  if (JUMIO_LOCALES.has(lang)) return lang;
  const primary = lang.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return JUMIO_LOCALES.has(primary) ? primary : 'en';
}

interface AccountAnswer {
  account?: { id?: unknown };
  workflowExecution?: { id?: unknown };
  web?: { href?: unknown };
  sdk?: { token?: unknown };
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function createJumioProvider(
  config: JumioConfig,
  http: VendorHttp,
  now: () => number,
): VerificationProvider {
  const tokens = tokenSource(config, http, now);
  const allowList = ipAllowList(config.callbackAllowedIps);
  const flowNameOf = (level: KycStepLevel) => config.workflowKeys[level];

  /** A call with the bearer token; a 401 (token revoked early) gets one fresh token and one more try. */
  async function authorized(request: VendorRequest): Promise<VendorResponse> {
    for (let attempt = 1; ; attempt++) {
      const token = await tokens.get();
      const response = await http({
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${token}` },
      });
      if (response.status !== 401 || attempt === 2) return response;
      tokens.invalidate();
    }
  }

  /** The retrieval answer of a workflow execution, or undefined when Jumio has no such execution. */
  async function retrieve(accountId: string, executionId: string): Promise<JumioRetrieval | undefined> {
    const response = await authorized({
      method: 'GET',
      url: `${config.retrievalUrl}/api/v1/accounts/${encodeURIComponent(accountId)}/workflow-executions/${encodeURIComponent(executionId)}`,
    });
    if (response.status === 404) return undefined;
    if (response.status !== 200 || typeof response.json !== 'object' || response.json === null)
      throw unexpectedAnswer('jumio', 'workflow execution retrieval', response);
    return response.json as JumioRetrieval;
  }

  /** Creates the account (accountId null) or updates it: either way a new workflow execution. */
  async function openExecution(accountId: string | null, body: string): Promise<VendorResponse> {
    const headers = { 'content-type': 'application/json' };
    if (accountId) {
      const url = `${config.baseUrl}/api/v1/accounts/${encodeURIComponent(accountId)}`;
      const updated = await authorized({ method: 'PUT', url, headers, body });
      // An account Jumio no longer has (deleted under its retention): a new one.
      if (updated.status !== 404) return updated;
    }
    return authorized({ method: 'POST', url: `${config.baseUrl}/api/v1/accounts`, headers, body });
  }

  return {
    name: 'jumio',
    apiUrl: config.baseUrl,
    flowNameOf,

    async start({ applicant, level, lang }): Promise<StartedVerification> {
      const key = flowNameOf(level);
      const session = { apiUrl: config.baseUrl, flowName: key, sdkUrl: '' };
      if (applicant.vendorApplicantId && applicant.flowId && applicant.level === level) {
        // Jumio is processing what the person submitted: a new execution now would leave that one
        // unread by reconciliation. Nothing to open until it is decided.
        const current = await retrieve(applicant.vendorApplicantId, applicant.flowId);
        if (current?.workflow?.status === 'ACQUIRED')
          return {
            vendorApplicantId: applicant.vendorApplicantId,
            flowId: applicant.flowId,
            sdk: { ...session, token: '', flowUrl: '', expiresAt: now() },
          };
      }
      const body = JSON.stringify({
        customerInternalReference: applicant.externalUserId,
        userReference: applicant.externalUserId,
        workflowDefinition: { key, credentials: [] },
        web: { locale: jumioLocale(lang) },
      });
      const response = await openExecution(applicant.vendorApplicantId, body);
      if (response.status !== 200 && response.status !== 201)
        throw unexpectedAnswer(
          'jumio',
          applicant.vendorApplicantId ? 'account update' : 'account creation',
          response,
        );
      const answer = (response.json ?? {}) as AccountAnswer;
      const accountId = text(answer.account?.id);
      const executionId = text(answer.workflowExecution?.id);
      const href = text(answer.web?.href);
      if (!accountId || !executionId || !href)
        throw new VendorUnavailable(
          'jumio',
          'account answer without account, workflow execution or web address',
        );
      const token =
        text(answer.sdk?.token) ||
        (URL.canParse(href) ? new URL(href).searchParams.get('authorizationToken') : '') ||
        '';
      return {
        vendorApplicantId: accountId,
        flowId: executionId,
        sdk: { ...session, token, flowUrl: href, expiresAt: now() + WEB_TOKEN_LIFETIME_MS },
      };
    },

    parseWebhook(request) {
      return parseCallback(request, allowList, config);
    },

    async fetchResult(applicant): Promise<VendorResult> {
      const at = now();
      if (!applicant.flowId)
        return {
          outcome: { kind: 'none' },
          occurredAt: at,
          resultKey: `${applicant.vendorApplicantId}:no-execution`,
        };
      const result = await retrieve(applicant.vendorApplicantId, applicant.flowId);
      if (!result)
        return { outcome: { kind: 'none' }, occurredAt: at, resultKey: `${applicant.flowId}:NOT_FOUND` };
      return {
        outcome: outcomeOf(result),
        occurredAt: resultTimeOf(result) ?? at,
        resultKey: resultKeyOf(applicant.flowId, result),
      };
    },

    /** Issue 19 (D112): what the extraction capability read, from the retrieval answer. */
    async documentOf(applicant) {
      if (!applicant.flowId) return null;
      const result = await retrieve(applicant.vendorApplicantId, applicant.flowId);
      return result ? documentOfRetrieval(result) : null;
    },
  };
}
