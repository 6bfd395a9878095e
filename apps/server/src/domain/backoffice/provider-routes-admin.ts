/**
 * Provider routing in the back office (decision D23, docs/backoffice.md "Provider routing"; admin only,
 * `edit_provider_routes`): the routes of `provider_routes` with the fallback (KYC_DEFAULT_PROVIDER) and
 * the vendors this server has credentials for, a route set or deleted per country ('*': every country no
 * other route names). A route to a vendor without credentials is refused (30071), since routing would
 * serve those people in-house anyway and the page would lie. Every change is one transaction: a
 * compare-and-set on the route's `updatedAt` as the admin read it (30073 when it moved on), then its
 * audit entry with before and after, written last.
 */
import {
  ISO_COUNTRY_CODES,
  VERIFICATION_VENDORS,
  type KycProvider,
  type ProviderRouteDeleteQuery,
  type ProviderRouteEntry,
  type ProviderRoutePut,
  type ProviderRoutesView,
  type StaffMe,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { StoredProviderRoute } from '../../data/repositories/provider-routes-repo.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from './permissions.ts';

/** What the configuration says about providers (composition.ts, from config.providers). */
export interface ProviderRoutesDeps {
  repos: Repositories;
  defaultProvider: KycProvider;
  /** Whether a vendor's credentials are set (an adapter exists). */
  configured: (provider: KycProvider) => boolean;
  /** After a committed change: every instance's copy of the routes is dropped (cached-reference-reads). */
  routesChanged?: () => void;
  now?: () => number;
}

/** '*' or a known ISO alpha-2 code, upper-cased; 53001 otherwise. */
function countryOf(raw: string): string {
  if (raw === '*') return raw;
  const code = raw.toUpperCase();
  if (!ISO_COUNTRY_CODES.includes(code)) throw new AppError('COUNTRY_UNKNOWN', `no country ${code}`);
  return code;
}

const isVendor = (p: KycProvider) => (VERIFICATION_VENDORS as readonly string[]).includes(p);

const conflict = (country: string) =>
  new AppError(
    'PROVIDER_ROUTE_EDIT_CONFLICT',
    `the route of ${country} was changed since it was read; reload and edit again`,
  );

/** What the audit keeps of a route (null: none). */
const auditView = (r: StoredProviderRoute | undefined) =>
  r ? { provider: r.provider, percentage: r.percentage } : null;

export function providerRoutesUseCases(deps: ProviderRoutesDeps) {
  const { repos, configured } = deps;
  const now = deps.now ?? Date.now;

  return {
    async list(staff: StaffMe): Promise<ProviderRoutesView> {
      requirePermission(staff, 'edit_provider_routes');
      return {
        routes: await repos.providerRoutes.list(),
        defaultProvider: deps.defaultProvider,
        configured: VERIFICATION_VENDORS.filter((v) => configured(v)),
      };
    },

    /** Creates (updatedAt null) or changes (updatedAt as read) the route of a country. */
    async put(staff: StaffMe, rawCountry: string, body: ProviderRoutePut): Promise<ProviderRouteEntry> {
      requirePermission(staff, 'edit_provider_routes');
      const country = countryOf(rawCountry);
      if (isVendor(body.provider) && !configured(body.provider))
        throw new AppError(
          'PROVIDER_ROUTE_VENDOR_NOT_CONFIGURED',
          `${body.provider} is not configured on this server (its credentials are not set)`,
        );
      const at = now();
      const saved = await repos.transaction(async (tx) => {
        const before = await tx.providerRoutes.find(country);
        if ((before?.updatedAt ?? null) !== body.updatedAt) throw conflict(country);
        // Strictly later than the version read, so two changes in one millisecond stay distinguishable.
        const route: StoredProviderRoute = {
          country,
          provider: body.provider,
          percentage: body.percentage,
          updatedAt: Math.max(at, (before?.updatedAt ?? 0) + 1),
        };
        const written = before
          ? await tx.providerRoutes.update(route, before.updatedAt)
          : await tx.providerRoutes.insertIfAbsent(route);
        if (!written) throw conflict(country);
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'provider_routes.update',
            caseRef: `provider-route:${country}`,
            details: { country, from: auditView(before), to: auditView(route) },
          },
          at,
        );
        return route;
      });
      deps.routesChanged?.();
      return saved;
    },

    /** Deletes the route of a country (30072 none; 30073 changed since `updatedAt`, when given). */
    async remove(staff: StaffMe, rawCountry: string, query: ProviderRouteDeleteQuery): Promise<void> {
      requirePermission(staff, 'edit_provider_routes');
      const country = countryOf(rawCountry);
      const at = now();
      await repos.transaction(async (tx) => {
        const before = await tx.providerRoutes.find(country);
        if (!before) throw new AppError('PROVIDER_ROUTE_UNKNOWN', `no route for ${country}`);
        if (query.updatedAt !== undefined && query.updatedAt !== before.updatedAt) throw conflict(country);
        if (!(await tx.providerRoutes.delete(country, before.updatedAt))) throw conflict(country);
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'provider_routes.delete',
            caseRef: `provider-route:${country}`,
            details: { country, from: auditView(before), to: null },
          },
          at,
        );
      });
      deps.routesChanged?.();
    },
  };
}
export type ProviderRoutesUseCases = ReturnType<typeof providerRoutesUseCases>;
