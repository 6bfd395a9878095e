/**
 * The route table of the back office (React Router, basename /backoffice). Screens are lazily loaded
 * chunks; features are combined only here. Every route but /login is behind staffLoader.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AREAS, type AreaId } from '../lib/areas.ts';
import { BASENAME, paths } from '../lib/paths.ts';
import { NotFound } from './not-found.tsx';
import { PageLoading } from './page-loading.tsx';
import { RequireArea } from './require-area.tsx';
import { RequireStaff } from './require-staff.tsx';
import { AreaError, RouteError } from './route-error.tsx';
import { loginLoader, revalidateStaffOnPageChange, staffLoader } from './session-loaders.ts';

/**
 * An area route: its page chunk, shown only to roles that include the area. `path` defaults to the
 * area's own; a page inside an area (a case of the verification queue) passes its own.
 */
function areaRoute(area: AreaId, load: () => Promise<ComponentType>, path = AREAS[area].path): RouteObject {
  return {
    ...(path === '/' ? { index: true } : { path: path.slice(1) }),
    lazy: async () => {
      const Page = await load();
      return {
        Component: function AreaRoute() {
          return (
            <RequireArea area={area}>
              <Page />
            </RequireArea>
          );
        },
      };
    },
  };
}

export const routes: RouteObject[] = [
  {
    path: paths.login.path,
    loader: loginLoader,
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    lazy: async () => ({
      Component: (await import('../features/auth/components/login-page.tsx')).LoginPage,
    }),
  },
  {
    id: 'staff',
    path: '/',
    loader: staffLoader,
    shouldRevalidate: revalidateStaffOnPageChange,
    Component: RequireStaff,
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    children: [
      {
        lazy: async () => ({
          Component: (await import('../features/shell/components/shell-layout.tsx')).ShellLayout,
        }),
        children: [
          {
            // Errors of one area stay inside the shell, with the navigation still usable.
            errorElement: <AreaError />,
            children: [
              areaRoute(
                'home',
                async () => (await import('../features/home/components/home-page.tsx')).HomePage,
              ),
              areaRoute(
                'verificationQueue',
                async () =>
                  (await import('../features/verification-queue/components/verification-queue-page.tsx'))
                    .VerificationQueuePage,
              ),
              // Issue 18 (D95): the alerts queue with the screening lists' status above it.
              areaRoute('screeningAlerts', async () => {
                const [{ ScreeningAlertsPage }, { ScreeningListsPanel }] = await Promise.all([
                  import('../features/screening-alerts/components/screening-alerts-page.tsx'),
                  import('../features/screening-lists/components/screening-lists-panel.tsx'),
                ]);
                return function ScreeningAlertsWithLists() {
                  return <ScreeningAlertsPage lists={<ScreeningListsPanel />} />;
                };
              }),
              areaRoute(
                'identityTransfers',
                async () =>
                  (await import('../features/identity-transfers/components/identity-transfers-page.tsx'))
                    .IdentityTransfersPage,
              ),
              areaRoute(
                'identityTransfers',
                async () =>
                  (await import('../features/identity-transfers/components/transfer-case-page.tsx'))
                    .TransferCasePage,
                paths.identityTransferCase.path,
              ),
              areaRoute(
                'questionnaires',
                async () =>
                  (await import('../features/questionnaires/components/questionnaires-page.tsx'))
                    .QuestionnairesPage,
              ),
              areaRoute(
                'riskWeights',
                async () =>
                  (await import('../features/risk-weights/components/risk-weights-page.tsx')).RiskWeightsPage,
              ),
              areaRoute(
                'riskCountryLists',
                async () =>
                  (await import('../features/risk-country-lists/components/country-lists-page.tsx'))
                    .CountryListsPage,
              ),
              // Issue 17 (D120): the service level per kind of work.
              areaRoute(
                'serviceLevels',
                async () =>
                  (await import('../features/service-levels/components/service-levels-page.tsx'))
                    .ServiceLevelsPage,
              ),
              areaRoute(
                'auditLog',
                async () =>
                  (await import('../features/audit-log/components/audit-log-page.tsx')).AuditLogPage,
              ),
              areaRoute(
                'verificationQueue',
                async () => (await import('../features/review-case/components/case-page.tsx')).CasePage,
                paths.reviewCase.path,
              ),
              areaRoute(
                'questionnaires',
                async () =>
                  (await import('../features/questionnaires/components/response-page.tsx')).ResponsePage,
                paths.questionnaireResponse.path,
              ),
              areaRoute(
                'quotas',
                async () => (await import('../features/quotas/components/quotas-page.tsx')).QuotasPage,
              ),
              areaRoute(
                'countries',
                async () =>
                  (await import('../features/countries/components/countries-page.tsx')).CountriesPage,
              ),
              areaRoute(
                'partners',
                async () => (await import('../features/partners/components/partners-page.tsx')).PartnersPage,
              ),
              areaRoute(
                'partners',
                async () =>
                  (await import('../features/partners/components/partner-webhook-page.tsx'))
                    .PartnerWebhookPage,
                paths.partnerWebhook.path,
              ),
              areaRoute(
                'providerRoutes',
                async () =>
                  (await import('../features/provider-routes/components/provider-routes-page.tsx'))
                    .ProviderRoutesPage,
              ),
              areaRoute(
                'supportInbox',
                async () =>
                  (await import('../features/support-inbox/components/support-inbox-page.tsx'))
                    .SupportInboxPage,
              ),
              areaRoute(
                'supportInbox',
                async () =>
                  (await import('../features/support-inbox/components/support-request-page.tsx'))
                    .SupportRequestPage,
                paths.supportRequest.path,
              ),
              // Issue 19 (D103): the quality review of the in-house provider's automatic approvals.
              areaRoute(
                'autoReview',
                async () =>
                  (await import('../features/auto-review/components/auto-review-page.tsx')).AutoReviewPage,
              ),
              // Issue 20: the data lifecycle (policies, legal holds, redaction records).
              areaRoute(
                'retentionPolicies',
                async () =>
                  (await import('../features/retention/components/retention-policies-page.tsx'))
                    .RetentionPoliciesPage,
              ),
              areaRoute(
                'legalHolds',
                async () =>
                  (await import('../features/retention/components/legal-holds-page.tsx')).LegalHoldsPage,
              ),
              areaRoute(
                'redactions',
                async () =>
                  (await import('../features/retention/components/redactions-page.tsx')).RedactionsPage,
              ),
              areaRoute(
                'staff',
                async () => (await import('../features/staff/components/staff-page.tsx')).StaffPage,
              ),
              areaRoute(
                'security',
                async () => (await import('../features/auth/components/security-page.tsx')).SecurityPage,
              ),
              { path: '*', Component: NotFound },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: BASENAME });
}
