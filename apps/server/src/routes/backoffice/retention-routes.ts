import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  closedAccess,
  closedAccessRequest,
  legalHold,
  legalHoldLiftRequest,
  legalHoldRequest,
  legalHoldsQuery,
  legalHoldsResult,
  personLookupQuery,
  personLookupResult,
  policyVersionsQuery,
  policyVersionsResult,
  redactionsQuery,
  redactionsResult,
  retentionPolicyPut,
  retentionPolicySet,
  retentionRunResult,
} from '@kyc/contracts';
import { clientGone } from '../../http/client-gone.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

const holdParams = z.object({ holdId: z.coerce.number().int().positive() });
const userIdParams = z.object({ userId: z.coerce.number().int().positive() });

/**
 * The data lifecycle in the back office, issue 20 (docs/data-lifecycle.md): retention policies (read:
 * compliance and auditors; change: admins, versioned), legal holds (compliance), the erasure job run now
 * (admins) and its redaction records. Staff session and CSRF as every staff route; the use-cases check
 * the permission (10005) and answer 62001–62009.
 */
export function retentionRoutes(services: Services): FastifyPluginAsync {
  const { retention } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/retention/policies',
      guarded({
        summary:
          'Retention policies in force: every site and record kind with its period, clock and legal source',
        response: { 200: envelopeOf(retentionPolicySet) },
      }),
      async (request) => ok(await retention.getPolicies(await me(request))),
    );

    r.put(
      '/backoffice/api/retention/policies',
      guarded({
        summary:
          'A new version of the retention policies over the version read (admin; audited; old versions kept)',
        body: retentionPolicyPut,
        response: { 200: envelopeOf(retentionPolicySet) },
      }),
      async (request) => ok(await retention.putPolicies(await me(request), request.body)),
    );

    r.get(
      '/backoffice/api/retention/policies/versions',
      guarded({
        summary: 'Every version of the retention policies, newest first, with what each changed (by cursor)',
        querystring: policyVersionsQuery,
        response: { 200: envelopeOf(policyVersionsResult) },
      }),
      async (request, reply) =>
        ok(await retention.listPolicyVersions(await me(request), request.query, clientGone(reply))),
    );

    r.get(
      '/backoffice/api/people/lookup',
      guarded({
        summary:
          'A person by email or user id, for placing a legal hold (the id and state, no personal data)',
        querystring: personLookupQuery,
        response: { 200: envelopeOf(personLookupResult) },
      }),
      async (request) => ok(await retention.lookupPerson(await me(request), request.query.q)),
    );

    r.post(
      '/backoffice/api/cases/:userId/closed-access',
      guarded({
        summary:
          "The reason for opening a closed or held person's data (audited); it opens them to this member for 30 minutes",
        params: userIdParams,
        body: closedAccessRequest,
        response: { 200: envelopeOf(closedAccess) },
      }),
      async (request) =>
        ok(await retention.grantClosedAccess(await me(request), request.params.userId, request.body)),
    );

    r.get(
      '/backoffice/api/retention/holds',
      guarded({
        summary: 'Legal holds, newest first (active by default), paged by cursor',
        querystring: legalHoldsQuery,
        response: { 200: envelopeOf(legalHoldsResult) },
      }),
      async (request, reply) =>
        ok(await retention.listHolds(await me(request), request.query, Date.now(), clientGone(reply))),
    );

    r.post(
      '/backoffice/api/retention/holds',
      guarded({
        summary: 'Put a person (or a case of theirs) on legal hold with a reason and a review date (audited)',
        body: legalHoldRequest,
        response: { 200: envelopeOf(legalHold) },
      }),
      async (request) => ok(await retention.placeHold(await me(request), request.body)),
    );

    r.post(
      '/backoffice/api/retention/holds/:holdId/lift',
      guarded({
        summary: 'Lift a legal hold with a reason: the retention clocks resume (audited)',
        params: holdParams,
        body: legalHoldLiftRequest,
        response: { 200: envelopeOf(legalHold) },
      }),
      async (request) => ok(await retention.liftHold(await me(request), request.params.holdId, request.body)),
    );

    r.post(
      '/backoffice/api/retention/run',
      guarded({
        summary: 'Run the erasure job now (admin; audited): what is due is redacted; answers what it did',
        response: { 200: envelopeOf(retentionRunResult) },
      }),
      async (request) => ok(await retention.runNow(await me(request))),
    );

    if (services.config.testing) {
      // Test runs only (NODE_ENV=test, which production refuses): a closure backdated years, so the
      // end-to-end journey of issue 20 has people whose periods ran out. Hidden from the API document.
      r.post(
        '/dev/test/closures',
        {
          schema: {
            hide: true,
            body: z.strictObject({ email: z.string().max(320), closedAt: z.number().int().positive() }),
          },
        },
        async (request) =>
          ok({ userId: await retention.recordClosureForTests(request.body.email, request.body.closedAt) }),
      );
    }

    r.get(
      '/backoffice/api/retention/redactions',
      guarded({
        summary: 'Redaction records (what went, when, under which policy version), newest first, by cursor',
        querystring: redactionsQuery,
        response: { 200: envelopeOf(redactionsResult) },
      }),
      async (request, reply) =>
        ok(await retention.listRedactions(await me(request), request.query, clientGone(reply))),
    );
  };
}
