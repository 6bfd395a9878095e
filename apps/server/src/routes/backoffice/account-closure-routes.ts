import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { accountClosureResult, accountClosureView, staffCloseAccountRequest } from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

const params = z.object({ userId: z.coerce.number().int().positive() });

/**
 * Closing an account from the back office (issue 20, docs/data-lifecycle.md "Closing an account"): the
 * case page reads the closure and the person's erasure requests (`view_cases`), and staff with
 * `close_accounts` (senior reviewers, admins) close the account with a reason, audited (account.close).
 */
export function backofficeAccountClosureRoutes(services: Services): FastifyPluginAsync {
  const { accountClosure } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/cases/:userId/closure',
      guarded({
        summary: "The person's account closure, erasure requests and what remains until when",
        params,
        response: { 200: envelopeOf(accountClosureView) },
      }),
      async (request) => ok(await accountClosure.view(await me(request), request.params.userId)),
    );

    r.post(
      '/backoffice/api/cases/:userId/close',
      guarded({
        summary: 'Close the account with a reason (close_accounts; audited; 62031 when closed already)',
        params,
        body: staffCloseAccountRequest,
        response: { 200: envelopeOf(accountClosureResult) },
      }),
      async (request) =>
        ok(await accountClosure.closeByStaff(await me(request), request.params.userId, request.body.reason)),
    );
  };
}
