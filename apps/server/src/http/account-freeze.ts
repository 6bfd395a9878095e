/**
 * A frozen account submits nothing (issue 18, slice 3; docs/screening.md "Freeze", D66). Once a true
 * screening match froze a person, every endpoint by which they submit or start a verification, a
 * questionnaire or an identity transfer refuses with 61007 (ACCOUNT_FROZEN), through the portal's session
 * or an SDK token alike. Reads (kyc-info, which shows the frozen state; the questionnaire templates;
 * the tasks) stay open, so the app can say what happened and where to get help.
 *
 * The routes are listed here, in one place, rather than checked in each use-case: the check is appended
 * to each listed route's preHandlers as the route is added (after its session or SDK-token check), so a
 * route is either listed or not, and `assertFreezeCovered` fails the start-up if a listed route is
 * missing (renamed or removed), so the list cannot silently rot.
 */
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Every submitting endpoint of the person (method and path), in the portal and the SDK. */
export const SUBMISSION_ROUTES: readonly string[] = [
  // Verification in-house (docs/kyc.md "Submitting a level"), updates, reset.
  'POST /v3/private/kyc/kyc-personal-info',
  'POST /v3/private/kyc/upload-document',
  'POST /v3/private/kyc/submit',
  'POST /v3/private/kyc/update-id',
  'POST /v3/private/kyc/update-poa',
  'POST /v3/private/kyc/self-reset',
  // Issue 19: the answer to the document checks' correction step (docs/checks.md).
  'POST /v3/private/kyc/submit-document-correction',
  // Verification at a vendor, national id, quick KYC (docs/providers.md).
  'POST /v3/private/kyc/get-verification-sdk-info',
  'POST /v3/private/kyc/vendor-token',
  'POST /v3/private/kyc/vendor-verify',
  'POST /v3/private/kyc/do-quick-kyc',
  // Questionnaires, agreements, evidence, SATOS (docs/questionnaires.md).
  'POST /v3/private/kyc/create-questionnaire',
  'POST /v3/private/kyc/submit-questionnaire',
  'POST /v3/private/kyc/questionnaire-evidence',
  'POST /v3/private/kyc/create-satos-questionnaire',
  // Identity transfer (docs/identity-transfer.md).
  'POST /v1/kyc/transfer/verify',
  // The same writes in SDK mode (docs/sdk.md).
  'POST /v1/s1/kyc/integration/kyc-personal-info',
  'POST /v1/s1/kyc/integration/upload-document',
  'POST /v1/s1/kyc/integration/submit',
  'POST /v1/s1/kyc/integration/self-reset',
  'POST /v1/s1/kyc/integration/verification-sdk-info',
  'POST /v1/s1/kyc/integration/create-satos-questionnaire',
];

/** The person a request acts for: the SDK token's, else the portal session's (staff never reach these). */
function personOf(request: FastifyRequest): number | undefined {
  if (request.sdk) return request.sdk.userId;
  return request.session?.audience === 'user' ? request.session.subjectId : undefined;
}

/**
 * Appends the freeze check to every listed route as it is added; call before the routes are registered.
 * Answers the routes it covered, for `assertFreezeCovered`.
 */
export function installAccountFreeze(
  app: FastifyInstance,
  isFrozen: (userId: number) => Promise<boolean>,
): Set<string> {
  const listed = new Set(SUBMISSION_ROUTES);
  const covered = new Set<string>();
  const refuseWhenFrozen: preHandlerHookHandler = async (request) => {
    const userId = personOf(request);
    if (userId !== undefined && (await isFrozen(userId)))
      throw new AppError('ACCOUNT_FROZEN', 'this account is frozen: contact support');
  };
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url}`;
      if (!listed.has(key)) continue;
      covered.add(key);
      const before = route.preHandler === undefined ? [] : [route.preHandler].flat();
      route.preHandler = [...before, refuseWhenFrozen];
    }
  });
  return covered;
}

/** Start-up check: every listed route exists, so the list names the routes that are really served. */
export function assertFreezeCovered(covered: ReadonlySet<string>): void {
  const missing = SUBMISSION_ROUTES.filter((key) => !covered.has(key));
  if (missing.length > 0)
    throw new Error(`account freeze: no such route for ${missing.join(', ')} (http/account-freeze.ts)`);
}
