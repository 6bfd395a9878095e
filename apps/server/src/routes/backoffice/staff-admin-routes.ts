import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  recoveryCodesIssued,
  recoveryCodesStatus,
  secondFactorResetRequest,
  staffIdParams,
  staffListQuery,
  staffListResult,
  staffMemberEntry,
  staffSitesRequest,
} from '@kyc/contracts';
import { subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

/**
 * The staff second factor in the back office (issue 11): every member's own recovery codes, and the
 * administrators' staff list with the audited reset of a member's second factor. Staff session and
 * CSRF as every staff route; the use-cases check the role ('manage_staff': admins; others 10005). Issue 17:
 * the sites a member works (D121).
 */
export function staffAdminRoutes(services: Services): FastifyPluginAsync {
  const { recoveryCodes, staffAdmin } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/me/recovery-codes',
      guarded({
        summary: 'How many one-time recovery codes the signed-in member has left',
        response: { 200: envelopeOf(recoveryCodesStatus) },
      }),
      async (request) => ok(await recoveryCodes.status(subjectOf(request))),
    );

    r.post(
      '/backoffice/api/me/recovery-codes',
      guarded({
        summary: 'A new set of recovery codes, shown once (needs a fresh code; the old ones stop working)',
        body: z.object({ code: z.string().max(32) }),
        response: { 200: envelopeOf(recoveryCodesIssued) },
      }),
      async (request) => ok(await recoveryCodes.regenerate(subjectOf(request), request.body.code)),
    );

    r.get(
      '/backoffice/api/staff',
      guarded({
        summary: 'Staff members with the state of their second factor, cursor-paged (admin)',
        querystring: staffListQuery,
        response: { 200: envelopeOf(staffListResult) },
      }),
      async (request) => ok(await staffAdmin.list(await me(request), request.query)),
    );

    r.post(
      '/backoffice/api/staff/:staffId/second-factor/reset',
      guarded({
        summary: "Reset another member's second factor, with a reason (admin, audited)",
        params: staffIdParams,
        body: secondFactorResetRequest,
        response: { 200: envelopeOf(staffMemberEntry) },
      }),
      async (request) =>
        ok(
          await staffAdmin.resetSecondFactor(await me(request), request.params.staffId, request.body.reason),
        ),
    );

    r.put(
      '/backoffice/api/staff/:staffId/sites',
      guarded({
        summary:
          'The sites a member works, for the automatic case assignment; empty: every site (admin, audited; 55015 when changed meanwhile)',
        params: staffIdParams,
        body: staffSitesRequest,
        response: { 200: envelopeOf(staffMemberEntry) },
      }),
      async (request) =>
        ok(await staffAdmin.setSites(await me(request), request.params.staffId, request.body)),
    );
  };
}
