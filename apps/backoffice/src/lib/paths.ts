/**
 * The route table of the back office: every screen's path and how to link to it, so that no screen
 * hard-codes another's URL. Paths are relative to BASENAME, where the server mounts the SPA.
 */
import { safeRedirectPath } from '@kyc/contracts';

export const BASENAME = '/backoffice';

export const paths = {
  login: {
    path: '/login',
    /** `next` is the full browser path (with BASENAME) to return to after signing in. */
    getHref: (next?: string) => (next ? `/login?${new URLSearchParams({ next }).toString()}` : '/login'),
  },
  home: { path: '/', getHref: () => '/' },
  verificationQueue: { path: '/verification-queue', getHref: () => '/verification-queue' },
  /** Issue 18: screening hits to resolve (the alerts queue); each links to its case. */
  screeningAlerts: { path: '/screening-alerts', getHref: () => '/screening-alerts' },
  questionnaires: { path: '/questionnaires', getHref: () => '/questionnaires' },
  /** One person's response to one questionnaire template: answers, evidence, history and decisions. */
  questionnaireResponse: {
    path: '/questionnaires/:userId/:templateCode',
    getHref: (userId: number, templateCode: string) =>
      `/questionnaires/${userId}/${encodeURIComponent(templateCode)}`,
  },
  auditLog: { path: '/audit-log', getHref: () => '/audit-log' },
  /** One applicant's case: person, levels, submissions, documents, history and decisions. */
  reviewCase: { path: '/cases/:userId', getHref: (userId: number) => `/cases/${userId}` },
  /** Identity transfers awaiting review (issue 15), and one transfer with both accounts side by side. */
  identityTransfers: { path: '/identity-transfers', getHref: () => '/identity-transfers' },
  identityTransferCase: {
    path: '/identity-transfers/:transferId',
    getHref: (transferId: number) => `/identity-transfers/${transferId}`,
  },
  quotas: { path: '/quotas', getHref: () => '/quotas' },
  /** Country coverage: which countries' documents are offered, and why the others are closed. */
  countries: { path: '/countries', getHref: () => '/countries' },
  /** Partners of the integration API: origins, flags, linked users and signing secrets. */
  partners: { path: '/partners', getHref: () => '/partners' },
  /** One partner's webhook: its address, secret and deliveries (issue 13). */
  partnerWebhook: {
    path: '/partners/:partnerId/webhook',
    getHref: (partnerId: string) => `/partners/${encodeURIComponent(partnerId)}/webhook`,
  },
  /** Provider routing (D23): which verification provider serves which country, and the fallback. */
  providerRoutes: { path: '/provider-routes', getHref: () => '/provider-routes' },
  supportInbox: { path: '/support-inbox', getHref: () => '/support-inbox' },
  /** Issue 18: the risk score's factor points and thresholds (read by case readers, changed by admins). */
  riskWeights: { path: '/risk/weights', getHref: () => '/risk/weights' },
  /** Issue 18: the FATF and EU country risk lists the risk score reads (read by case readers, changed by admins). */
  riskCountryLists: { path: '/risk/country-lists', getHref: () => '/risk/country-lists' },
  /** Issue 17: the service level (hours to a decision) per kind of work (read by case readers, changed by admins). */
  serviceLevels: { path: '/service-levels', getHref: () => '/service-levels' },
  /** Staff members and the reset of a member's second factor (admin, issue 11). */
  staff: { path: '/staff', getHref: () => '/staff' },
  /** The signed-in member's own two-step verification and recovery codes (issue 11). */
  security: { path: '/security', getHref: () => '/security' },
  /** Issue 20: the retention policies per site and record kind, and their versions. */
  retentionPolicies: { path: '/retention/policies', getHref: () => '/retention/policies' },
  /** Issue 20: legal holds (placed and lifted by compliance), overdue reviews highlighted. */
  legalHolds: { path: '/retention/holds', getHref: () => '/retention/holds' },
  /** Issue 20: the erasure job's redaction records, and "Run erasure now" (admins). */
  redactions: { path: '/retention/redactions', getHref: () => '/retention/redactions' },
  /** Issue 19 (D103): the automatic approvals sampled for quality review. */
  autoReview: { path: '/auto-review', getHref: () => '/auto-review' },
  /** One report of the help centre's "Report a problem", with its answer. */
  supportRequest: { path: '/support-inbox/:id', getHref: (id: number) => `/support-inbox/${id}` },
} as const;

/** A user id from a route parameter: a positive integer, else null (the page says there is no such user). */
export function parseUserId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}

/** The browser path of an in-app location: what goes into ?next=. */
export function browserPath(location: { pathname: string; search?: string; hash?: string }): string {
  const inApp = location.pathname === '/' ? '' : location.pathname;
  return `${BASENAME}${inApp}${location.search ?? ''}${location.hash ?? ''}`;
}

/**
 * Where to go after signing in: the ?next= value when it is a same-origin path under BASENAME (never
 * another site, another app on this origin, or the sign-in page itself), as an in-app path; else null.
 */
export function resolveNextPath(next: string | null | undefined, origin: string): string | null {
  // Only a path (absolute addresses are refused too), judged by the product's one redirect rule
  // (contracts redirects.ts, issue 11): '//host', '/\\host', '/..//host' and their encodings never pass.
  if (!next?.startsWith('/')) return null;
  const target = safeRedirectPath(next, origin);
  if (!target) return null;
  const url = new URL(target, origin);
  const { pathname } = url;
  if (pathname !== BASENAME && !pathname.startsWith(`${BASENAME}/`)) return null;
  const inApp = pathname.slice(BASENAME.length) || '/';
  if (inApp === paths.login.path || inApp.startsWith(`${paths.login.path}/`)) return null;
  // The in-app path is a target of its own (react-router treats '//host' as another site): same rule.
  const inAppTarget = `${inApp}${url.search}${url.hash}`;
  return safeRedirectPath(inAppTarget, origin) === inAppTarget ? inAppTarget : null;
}
