/**
 * What every back-office API route plugin shares (docs/backoffice.md): its routes are documented as
 * staff routes under the 'backoffice' tag, each runs behind the staff session (and CSRF) before its
 * handler, and its handler acts as the staff member of that session. A plugin calls `staffApi` once and
 * then declares only its paths, schemas and use-case calls.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StaffMe } from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { Services } from '../services.ts';

export function staffApi(app: FastifyInstance, { staff, sessions }: Pick<Services, 'staff' | 'sessions'>) {
  documentRoutes(app, { tag: 'backoffice', access: 'staff' });
  const preHandler = requireSession(sessions);
  return {
    r: app.withTypeProvider<ZodTypeProvider>(),
    /** A route's options: its schema, behind the staff session. */
    guarded: <S extends FastifySchema>(schema: S) => ({ schema, preHandler }),
    /** The staff member the request acts as. */
    me: (request: FastifyRequest): Promise<StaffMe> => staff.me(subjectOf(request)),
  };
}
