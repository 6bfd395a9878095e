import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recoveryCodesIssued,
  recoveryCodesStatus,
  secondFactorResetRequest,
  staffIdParams,
  staffListQuery,
  staffListResult,
  staffMemberEntry,
} from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { Services } from '../services.ts';

/**
 * The staff second factor in the back office (issue 11): every member's own recovery codes, and the
 * administrators' staff list with the audited reset of a member's second factor. Staff session and
 * CSRF as every staff route; the use-cases check the role ('manage_staff': admins; others 10005).
 */
export function staffAdminRoutes(services: Services): FastifyPluginAsync {
  const { staff, sessions, recoveryCodes, staffAdmin } = services;
  return async (app) => {
    documentRoutes(app, { tag: 'backoffice', access: 'staff' });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const preHandler = requireSession(sessions);

    r.get(
      '/backoffice/api/me/recovery-codes',
      {
        schema: {
          summary: 'How many one-time recovery codes the signed-in member has left',
          response: { 200: envelopeOf(recoveryCodesStatus) },
        },
        preHandler,
      },
      async (request) => ok(await recoveryCodes.status(subjectOf(request))),
    );

    r.post(
      '/backoffice/api/me/recovery-codes',
      {
        schema: {
          summary: 'A new set of recovery codes, shown once (needs a fresh code; the old ones stop working)',
          body: z.object({ code: z.string().max(32) }),
          response: { 200: envelopeOf(recoveryCodesIssued) },
        },
        preHandler,
      },
      async (request) => ok(await recoveryCodes.regenerate(subjectOf(request), request.body.code)),
    );

    r.get(
      '/backoffice/api/staff',
      {
        schema: {
          summary: 'Staff members with the state of their second factor, cursor-paged (admin)',
          querystring: staffListQuery,
          response: { 200: envelopeOf(staffListResult) },
        },
        preHandler,
      },
      async (request) => ok(await staffAdmin.list(await staff.me(subjectOf(request)), request.query)),
    );

    r.post(
      '/backoffice/api/staff/:staffId/second-factor/reset',
      {
        schema: {
          summary: "Reset another member's second factor, with a reason (admin, audited)",
          params: staffIdParams,
          body: secondFactorResetRequest,
          response: { 200: envelopeOf(staffMemberEntry) },
        },
        preHandler,
      },
      async (request) =>
        ok(
          await staffAdmin.resetSecondFactor(
            await staff.me(subjectOf(request)),
            request.params.staffId,
            request.body.reason,
          ),
        ),
    );
  };
}
